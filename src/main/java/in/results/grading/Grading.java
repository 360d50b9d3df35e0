package in.results.grading;

import in.results.catalog.Degree;
import in.results.scrape.ResultPage;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a page's grades (or a semester's merged rows) are graded: on a {@link GradeScale}, or on none, when the page
 * prints no legend and the service knows no scale for the programme and regulation — then grades are shown as printed
 * and the SGPA is not computed, with the reason in words.
 */
public sealed interface Grading {
    /** The regulation as a release title prints it: {@code (R18)}. */
    Pattern TITLE_REGULATION = Pattern.compile("\\((R\\d{2})\\)");

    /** Grades have points on {@code scale}. */
    record Scaled(GradeScale scale) implements Grading {
        public Scaled {
            Objects.requireNonNull(scale, "scale");
        }
    }

    /** No points are known; {@code note} is a sentence saying why, for the client. */
    record Unscaled(String note) implements Grading {
        public Unscaled {
            if (Objects.requireNonNull(note, "note").isBlank()) {
                throw new IllegalArgumentException("an unscaled grading needs a note");
            }
        }
    }

    /**
     * The grading of a page with {@code legend} (letter → points as printed, empty when none) in {@code degree} and
     * {@code regulation} ({@code "R22"}, {@code ""} when not known): the legend over the known scale over the
     * service's fallback points, see {@link GradeScale}; unscaled when there is neither a legend nor a known scale.
     */
    static Grading of(Map<String, Integer> legend, Degree degree, String regulation) {
        return GradeScale.forPage(legend, degree, regulation)
                .<Grading>map(Scaled::new)
                .orElseGet(() -> new Unscaled("The SGPA is not computed: the page prints no grade legend and the grade"
                        + " points of " + programmeOf(degree, regulation) + " are not confirmed."));
    }

    /**
     * The grading of {@code page} in the programme and regulation its heading names ({@code II B.Tech. I Semester
     * (R18) …}): its legend over that programme's known scale.
     */
    static Grading ofPage(ResultPage page) {
        Matcher regulation = TITLE_REGULATION.matcher(page.examTitle());
        return of(page.legend(), Degree.namedIn(page.examTitle()), regulation.find() ? regulation.group(1) : "");
    }

    private static String programmeOf(Degree degree, String regulation) {
        String name = degree == Degree.UNKNOWN ? "this programme" : degree.displayName();
        return regulation.isBlank() ? name : name + " " + regulation.strip();
    }
}
