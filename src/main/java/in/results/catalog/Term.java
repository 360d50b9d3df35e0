package in.results.catalog;

/**
 * The part of a course a release's title names: one {@link Semester}, a whole year (old
 * annual-pattern titles such as {@code I B.Tech. (R15)}), or nothing readable.
 */
public sealed interface Term permits Semester, Term.WholeYear, Term.Unstated {

    /** A title that names no year or semester this reader understands. */
    Term UNSTATED = new Unstated();

    /**
     * A whole year of the course, without a semester.
     *
     * @param year 1..4
     */
    record WholeYear(int year) implements Term {
        public WholeYear {
            if (year < 1 || year > 4) {
                throw new IllegalArgumentException("year must be 1..4: " + year);
            }
        }
    }

    /** No year or semester; all instances are equal (use {@link Term#UNSTATED}). */
    record Unstated() implements Term {}
}
