package in.results.report;

import in.results.catalog.Course;
import in.results.catalog.Semester;
import java.util.List;
import java.util.Optional;

/**
 * A step a B.Tech student passes by credits: into the second, third or fourth year, or to the degree. Each counts the
 * credits of every semester up to the end of the year before it.
 */
public enum Transition {
    INTO_2_1("2-1", Semester.S1_2),
    INTO_3_1("3-1", Semester.S2_2),
    INTO_4_1("4-1", Semester.S3_2),
    DEGREE("degree", null);

    private final String key;
    private final Semester yearEnd;

    Transition(String key, Semester yearEnd) {
        this.key = key;
        this.yearEnd = yearEnd;
    }

    /** As the report and the rules file write it: {@code "3-1"}, {@code "degree"}. */
    public String key() {
        return key;
    }

    /** The last semester whose credits count: the year's second semester, or the course's last for the degree. */
    public Semester lastSemester(Course course) {
        if (yearEnd != null) {
            return yearEnd;
        }
        List<Semester> semesters = course.semesters();
        return semesters.getLast();
    }

    /** The transition written {@code key}, or empty. */
    public static Optional<Transition> ofKey(String key) {
        for (Transition transition : values()) {
            if (transition.key.equals(key)) {
                return Optional.of(transition);
            }
        }
        return Optional.empty();
    }
}
