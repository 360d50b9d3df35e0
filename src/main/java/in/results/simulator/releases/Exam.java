package in.results.simulator.releases;

import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One row of the release list. {@code title} is the text exactly as the list shows it (RC/RV rows
 * keep their leading space; rows of the real list keep their double spaces). {@code linkParams} are the query
 * parameters of the row's link, in the link's order ({@code degree}, {@code examCode}, then any of {@code grad},
 * {@code etype}, {@code result}, {@code type}), and {@code query} the link's query string exactly as listed (the real
 * list has {@code degree=} with no value and stray {@code &&}). {@code degree} is the programme's link name
 * ({@link Programme#degree()}), even where the link's own {@code degree} is empty. An RC/RV release is a separate
 * entry with its exam's code and {@code rcrv} set. {@code semester} is {@code "y-s"} ({@code "1-1"} … {@code "4-2"};
 * postgraduate semesters I … VI as {@code "1-1"} … {@code "3-2"}), or {@code ""} for year-wise and other releases.
 * {@code dateAsListed} is the date column as the real list writes it, or {@code ""} when the list writer formats
 * {@code releaseDate} itself.
 *
 * <p>Exam codes are numbered per programme: a release is identified by {@code (degree, code, rcrv)}.
 */
public record Exam(
        String code,
        String title,
        LocalDate releaseDate,
        Map<String, String> linkParams,
        String degree,
        String regulation,
        String semester,
        ExamKind kind,
        boolean rcrv,
        MarksLayout layout,
        String query,
        String dateAsListed) {

    private static final Pattern CODE = Pattern.compile("\\d{1,5}");
    private static final Pattern SEMESTER = Pattern.compile("|[1-4]-[1-2]");
    /** Minor-degree programmes, in the five spellings of the real list. */
    private static final Pattern MINOR = Pattern.compile("(?i).*\\bmin(?:o|io)r\\b.*");

    public Exam {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(releaseDate, "releaseDate");
        Objects.requireNonNull(degree, "degree");
        Objects.requireNonNull(regulation, "regulation");
        Objects.requireNonNull(semester, "semester");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(dateAsListed, "dateAsListed");
        if (!CODE.matcher(code).matches()) {
            throw new IllegalArgumentException("exam code must be digits: " + code);
        }
        if (title.isBlank()) {
            throw new IllegalArgumentException("exam " + code + " has no title");
        }
        if (!SEMESTER.matcher(semester).matches()) {
            throw new IllegalArgumentException("semester must look like 2-1: " + semester);
        }
        Programme.ofDegree(degree);
        // Copy keeping the link's order: parsers and tests compare the parameter sequence.
        linkParams = Collections.unmodifiableMap(new LinkedHashMap<>(linkParams));
        String linkDegree = linkParams.get("degree");
        if (linkDegree == null
                || !(linkDegree.equals(degree) || linkDegree.isEmpty())
                || !code.equals(linkParams.get("examCode"))) {
            throw new IllegalArgumentException(
                    "link of " + code + " must carry its degree (or an empty one) and examCode: " + linkParams);
        }
        if (!paramsOf(query).equals(linkParams)) {
            throw new IllegalArgumentException("query " + query + " does not hold " + linkParams);
        }
    }

    /** A release whose link the list writes from {@code linkParams} and whose date it formats itself. */
    public Exam(
            String code,
            String title,
            LocalDate releaseDate,
            Map<String, String> linkParams,
            String degree,
            String regulation,
            String semester,
            ExamKind kind,
            boolean rcrv,
            MarksLayout layout) {
        this(
                code,
                title,
                releaseDate,
                linkParams,
                degree,
                regulation,
                semester,
                kind,
                rcrv,
                layout,
                queryOf(linkParams),
                "");
    }

    /** This release with {@code semester} ({@code "3-2"}) as the semester it is of; title and link unchanged. */
    Exam ofSemester(String semester) {
        return new Exam(
                code,
                title,
                releaseDate,
                linkParams,
                degree,
                regulation,
                semester,
                kind,
                rcrv,
                layout,
                query,
                dateAsListed);
    }

    /**
     * The RC/RV release of this exam: the same code, programme, regulation, semester and kind, listed as {@code title}
     * on {@code released} with the link {@code params}; its pages have the seven-column layout.
     */
    Exam rcrvRelease(String title, LocalDate released, Map<String, String> params) {
        return new Exam(
                code, title, released, params, degree, regulation, semester, kind, true, MarksLayout.SEVEN_COLUMN);
    }

    /** The row's link as the release list writes it, before HTML escaping. */
    public String link() {
        return "/jsp/SearchResult.jsp?" + query;
    }

    /** The programme the release belongs to. */
    public Programme programme() {
        return Programme.ofDegree(degree);
    }

    /**
     * True for a minor-degree programme's release ({@code Minor Degree Program}, {@code (Minor degree)},
     * {@code (Minior Program)} …): its subjects are not part of any semester of the degree.
     */
    public boolean minorProgramme() {
        return MINOR.matcher(title).matches();
    }

    /** The scale the release's pages grade on and print as their legend. */
    public GradeScale gradeScale() {
        return GradeScale.of(programme(), regulation);
    }

    /** The parameters of a query string in order; empty pieces ({@code &&}) are skipped, a bare name has value "". */
    static Map<String, String> paramsOf(String query) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String piece : query.split("&")) {
            if (piece.isEmpty()) {
                continue;
            }
            int equals = piece.indexOf('=');
            params.put(equals < 0 ? piece : piece.substring(0, equals), equals < 0 ? "" : piece.substring(equals + 1));
        }
        return params;
    }

    /**
     * Identifies {@code degree}'s exam {@code code} among every programme's releases: {@code btech/1841}. An exam and
     * its RC/RV release share the key.
     */
    public static String key(String degree, String code) {
        return degree + "/" + code;
    }

    private static String queryOf(Map<String, String> params) {
        StringBuilder query = new StringBuilder();
        params.forEach((name, value) -> {
            if (!query.isEmpty()) {
                query.append('&');
            }
            query.append(name).append('=').append(value);
        });
        return query.toString();
    }
}
