package in.results.catalog;

import in.results.core.Regulation;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A programme and the regulation its student follows: which releases hold the student's results (those whose title
 * names both), how many semesters the course has, and the rules the report rests on. The facts, and how sure we are
 * of each, are in {@code docs/programmes.md}; one row of {@link #RULES} per course.
 *
 * @param degree the programme, never UNKNOWN
 * @param regulation the regulation
 */
public record Course(Degree degree, Regulation regulation) {

    /**
     * What is known of a course.
     *
     * @param firstAdmission the first admission year of its batches
     * @param lastAdmission the last one, {@link Integer#MAX_VALUE} while it is the current regulation
     * @param semesterCount 8 for B.Tech and B.Pharmacy, 4 for the postgraduate courses, 6 for the three-year MCA
     * @param credits credits the degree needs (regular entry), 0 when not known
     * @param lateralCredits credits a lateral-entry student needs, 0 when not known or no lateral entry
     */
    private record Rules(
            Degree degree,
            Regulation regulation,
            int firstAdmission,
            int lastAdmission,
            int semesterCount,
            int credits,
            int lateralCredits) {}

    private static final int OPEN = Integer.MAX_VALUE;

    private static final List<Rules> RULES = List.of(
            // R18 and R22 B.Tech credits: the promotion table's degree rows (in.results.report.PromotionRules)
            new Rules(Degree.BTECH, Regulation.R18, 2018, 2021, 8, 0, 0),
            new Rules(Degree.BTECH, Regulation.R22, 2022, 2024, 8, 0, 0),
            new Rules(Degree.BTECH, Regulation.R25, 2025, OPEN, 8, 160, 123),
            new Rules(Degree.BPHARMACY, Regulation.R17, 2017, 2021, 8, 196, 0),
            new Rules(Degree.BPHARMACY, Regulation.R22, 2022, 2024, 8, 209, 0),
            new Rules(Degree.BPHARMACY, Regulation.R25, 2025, OPEN, 8, 0, 0),
            new Rules(Degree.MTECH, Regulation.R19, 2019, 2021, 4, 0, 0),
            new Rules(Degree.MTECH, Regulation.R22, 2022, OPEN, 4, 0, 0),
            new Rules(Degree.MPHARMACY, Regulation.R19, 2019, 2021, 4, 0, 0),
            new Rules(Degree.MPHARMACY, Regulation.R22, 2022, OPEN, 4, 0, 0),
            new Rules(Degree.MBA, Regulation.R19, 2019, 2021, 4, 0, 0),
            new Rules(Degree.MBA, Regulation.R22, 2022, OPEN, 4, 0, 0),
            new Rules(Degree.MCA, Regulation.R19, 2019, 2019, 6, 0, 0),
            new Rules(Degree.MCA, Regulation.R20, 2020, 2021, 4, 0, 0),
            new Rules(Degree.MCA, Regulation.R22, 2022, OPEN, 4, 0, 0));

    public Course {
        Objects.requireNonNull(degree, "degree");
        Objects.requireNonNull(regulation, "regulation");
        if (rulesOf(degree, regulation).isEmpty()) {
            throw new IllegalArgumentException("no " + degree.displayName() + " course under " + regulation);
        }
    }

    /** The course of a {@code degree} batch admitted in {@code year}, or empty before its first served regulation. */
    public static Optional<Course> ofAdmission(Degree degree, int year) {
        return RULES.stream()
                .filter(rules ->
                        rules.degree() == degree && rules.firstAdmission() <= year && year <= rules.lastAdmission())
                .findFirst()
                .map(rules -> new Course(degree, rules.regulation()));
    }

    /** Every course the service knows, in table order. */
    public static List<Course> all() {
        return RULES.stream()
                .map(rules -> new Course(rules.degree(), rules.regulation()))
                .toList();
    }

    /** The first admission year of {@code degree}'s served batches. */
    public static int firstServedAdmission(Degree degree) {
        return RULES.stream()
                .filter(rules -> rules.degree() == degree)
                .mapToInt(Rules::firstAdmission)
                .min()
                .orElseThrow();
    }

    /** Whether lateral entry (joining the second year) exists: B.Tech and B.Pharmacy. */
    public static boolean hasLateralEntry(Degree degree) {
        return degree == Degree.BTECH || degree == Degree.BPHARMACY;
    }

    /** The course's semesters in the order a student sits them: {@code 1-1} … {@code 4-2} (postgraduate {@code 2-2}). */
    public List<Semester> semesters() {
        return Arrays.asList(Semester.values()).subList(0, rules().semesterCount());
    }

    /** Credits the degree needs for a student of this entry, or empty where the university's figure is not known. */
    public OptionalInt creditsRequired(boolean lateralEntry) {
        int credits = lateralEntry ? rules().lateralCredits() : rules().credits();
        return credits == 0 ? OptionalInt.empty() : OptionalInt.of(credits);
    }

    /** Whether the CGPA-to-percentage conversion of the report is this programme's known one (B.Tech only). */
    public boolean hasKnownPercentage() {
        return degree == Degree.BTECH;
    }

    /**
     * Whether {@code release} is one of this course's semesters: its title names the same programme and regulation,
     * and no special programme (a minor degree's or Ph.D. course work's releases are never the degree's semesters).
     */
    public boolean holds(ExamRelease release) {
        return names(release) && release.special() == SpecialProgramme.NONE;
    }

    /** Whether {@code release} names this course's programme and regulation, special programme or not. */
    boolean names(ExamRelease release) {
        return release.degree() == degree && release.regulation().equals(regulation.code());
    }

    private Rules rules() {
        return rulesOf(degree, regulation).orElseThrow();
    }

    private static Optional<Rules> rulesOf(Degree degree, Regulation regulation) {
        return RULES.stream()
                .filter(rules -> rules.degree() == degree && rules.regulation() == regulation)
                .findFirst();
    }

    @Override
    public String toString() {
        return degree.displayName() + " " + regulation.code();
    }
}
