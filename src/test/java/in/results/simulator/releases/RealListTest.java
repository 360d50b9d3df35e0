package in.results.simulator.releases;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real world ({@link Cohort#onRealList}) served as of the snapshot's day: every row of the real list as listed,
 * results asked with a row's own query, codes shared by programmes, other programmes' legends, minor-degree pages.
 * Expected values come from the list's own file and the known facts, not from the simulator.
 */
class RealListTest {

    private static final LocalDate SNAPSHOT_DAY = LocalDate.of(2025, 3, 27);
    private static final Cohort WORLD = Cohort.onRealList(Cohort.DEFAULT_SEED);
    private static final Cohort SNAPSHOT = WORLD.asOf(SNAPSHOT_DAY);
    private static final List<Row> TSV = tsvRows();
    private static UniversitySimulator simulator;
    private static HttpClient http;

    /** A row of the list as the file holds it: query, title and date exactly as listed. */
    private record Row(String query, String title, String date) {}

    @BeforeAll
    static void start() {
        simulator = UniversitySimulator.builder(WORLD).asOf(SNAPSHOT_DAY).start(0);
        http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    @AfterAll
    static void stop() {
        simulator.close();
    }

    @Test
    void every_row_of_the_real_list_is_listed_as_listed_with_the_lost_rows_1800_to_1807_restored() throws Exception {
        List<Row> listed = listedRows(send("/jsp/home.jsp"));

        Map<Row, Long> expected = counts(TSV);
        Map<Row, Long> shown = counts(listed);
        assertThat(TSV).hasSize(2_781);
        expected.forEach(
                (row, times) -> assertThat(shown.get(row)).as(row.toString()).isEqualTo(times));
        List<Row> extra =
                listed.stream().filter(row -> !expected.containsKey(row)).toList();
        assertThat(extra)
                .extracting(row -> Exam.paramsOf(row.query()).get("examCode"))
                .containsExactlyInAnyOrder("1800", "1801", "1802", "1803", "1804", "1805", "1806", "1807");
        assertThat(extra)
                .allSatisfy(row -> assertThat(row.date()).isEqualTo("21-AUG-2024"))
                .allSatisfy(row -> assertThat(row.query()).startsWith("degree=btech&examCode=18"))
                .contains(
                        new Row(
                                "degree=btech&examCode=1800&etype=r17&type=intgrade",
                                "B.Tech I Year II Semester (R22) Regular Examinations Results",
                                "21-AUG-2024"),
                        new Row(
                                "degree=btech&examCode=1801&etype=r17&type=intgrade",
                                "B.Tech I Year II Semester (R18) Supplementary Examinations Results",
                                "21-AUG-2024"),
                        new Row(
                                "degree=btech&examCode=1804&etype=r17&type=intgrade",
                                "B.Tech I Year I Semester (R18) Supplementary Examinations Results",
                                "21-AUG-2024"));
    }

    @Test
    void an_exam_whose_rc_rv_row_names_another_semester_is_of_that_semester_but_keeps_its_listed_title() {
        // The list: "B.Tech III Year I Semester (R18) Regular …" for 1690, "RC/RV B.Tech III Year II Semester (R18) …"
        // for its RC/RV row; the public record has 1690 in 3-2.
        Exam exam = SNAPSHOT.exam(Programme.BTECH, "1690").orElseThrow();

        assertThat(exam.semester()).isEqualTo("3-2");
        assertThat(exam.title()).contains("III Year I Semester");
        assertThat(SNAPSHOT.exam(Programme.BTECH, "1662").orElseThrow().semester())
                .isEqualTo("1-1");
    }

    @Test
    void rows_keep_double_spaces_and_empty_degree_links_of_the_list() throws Exception {
        List<Row> listed = listedRows(send("/jsp/home.jsp"));

        assertThat(listed).anyMatch(row -> row.title().contains("  "));
        assertThat(listed).anyMatch(row -> row.query().startsWith("degree=&examCode="));
        assertThat(listed).anyMatch(row -> row.query().contains("&&"));
    }

    @Test
    void a_code_two_programmes_use_is_two_exams_answered_by_the_programme_the_query_names() throws Exception {
        // 417 is MBA III Semester (R22) Regular and M.Tech. III Semester (R22) Supplementary on the list.
        Exam mba = SNAPSHOT.exam(Programme.MBA, "417").orElseThrow();
        Exam mtech = SNAPSHOT.exam(Programme.MTECH, "417").orElseThrow();
        Student student = studentWith(Programme.MBA, "417");

        String asMba = result(listQuery("mba", "417"), student);
        String asMtech = result(listQuery("mtech", "417"), student);

        assertThat(mba.title()).isEqualTo("M.B.A. III Semester (R22) Regular Examinations Results");
        assertThat(mtech.title()).isEqualTo("M.Tech. III Semester (R22) Supplementary Examinations Results");
        assertThat(asMba)
                .contains(
                        student.hallTicket(),
                        student.results().get("417").getFirst().name());
        assertThat(asMtech).contains("Enter HallTicket Number").doesNotContain("SUBJECT CODE");
    }

    @Test
    void a_bpharmacy_page_asked_with_an_empty_degree_prints_the_bpharmacy_r22_legend() throws Exception {
        Student student = studentWith(Programme.BPHARMACY, "859");

        Document page = Jsoup.parse(result(listQuery("", "859"), student));

        assertThat(page.text()).contains("I B.Pharm. I Semester (R22) Regular");
        assertThat(legendOf(page))
                .containsExactly(
                        Map.entry("O", "10"),
                        Map.entry("A", "9"),
                        Map.entry("B", "8"),
                        Map.entry("C", "7"),
                        Map.entry("D", "6"),
                        Map.entry("F", "0"),
                        Map.entry("Ab", "0"));
    }

    @Test
    void a_postgraduate_page_prints_the_scale_its_grades_are_on() throws Exception {
        Student student = studentWith(Programme.MCA, "466");

        Document page = Jsoup.parse(result(listQuery("mca", "466"), student));
        Map<String, String> legend = legendOf(page);

        assertThat(page.text()).contains("MCA I Semester (R22) Regular");
        assertThat(legend).containsEntry("Ab", "0").containsKey("F");
        assertThat(student.results().get("466"))
                .allSatisfy(row -> assertThat(legend.keySet())
                        .as(row.code())
                        .contains(row.grade().equals("-") ? "Ab" : row.grade()));
    }

    @Test
    void an_mca_student_attempts_only_mca_r22_releases_semester_by_semester() {
        Student student = SNAPSHOT.students().stream()
                .filter(s -> s.programme() == Programme.MCA && s.regulation().equals("R22") && !s.hasNoResult())
                .findFirst()
                .orElseThrow();

        Map<String, List<Exam>> attempts = SNAPSHOT.attempts(student);

        assertThat(student.hallTicket()).matches("\\d{2}[0-9A-Z]{2}1F\\d{2}[0-9A-Z]\\d");
        assertThat(attempts).containsKey("1-1");
        attempts.forEach((semester, exams) -> assertThat(exams).allSatisfy(exam -> {
            assertThat(exam.title()).startsWith("M.C.A. ").contains("(R22)");
            assertThat(exam.semester()).isEqualTo(semester);
        }));
        assertThat(attempts.get("1-1").getFirst().title())
                .isEqualTo("M.C.A. I Semester (R22) Regular Examinations Results");
    }

    @Test
    void a_minor_degree_student_has_minor_pages_apart_from_their_semesters() throws Exception {
        Student student = SNAPSHOT.students().stream()
                .filter(s -> !SNAPSHOT.minorAttempts(s).isEmpty())
                .findFirst()
                .orElseThrow();
        Exam minor = SNAPSHOT.minorAttempts(student).getFirst();
        Set<String> semesterCourses = SNAPSHOT.attempts(student).values().stream()
                .flatMap(List::stream)
                .flatMap(exam -> student.results().get(exam.code()).stream())
                .map(Mark::code)
                .collect(Collectors.toSet());

        String page = result(minor.query(), student);

        assertThat(minor.title()).containsPattern("(?i)min(o|io)r (degree|program)");
        assertThat(TSV)
                .anyMatch(
                        row -> row.title().equals(minor.title()) && row.query().equals(minor.query()));
        assertThat(SNAPSHOT.attempts(student).values().stream().flatMap(List::stream))
                .noneMatch(Exam::minorProgramme);
        assertThat(student.results().get(minor.code()))
                .isNotEmpty()
                .allSatisfy(row -> assertThat(semesterCourses).doesNotContain(row.code()));
        assertThat(page)
                .contains(
                        "Minor Degree",
                        student.results().get(minor.code()).getFirst().name());
    }

    @Test
    void the_first_r25_release_comes_after_the_list_titled_in_its_style() {
        Exam r25 = WORLD.exams().stream()
                .filter(exam -> exam.regulation().equals("R25") && !exam.rcrv())
                .findFirst()
                .orElseThrow();

        assertThat(r25.releaseDate()).isAfter(SNAPSHOT_DAY);
        assertThat(r25.title()).startsWith("B.Tech I Year I Semester (R25) Regular Examinations Results");
        assertThat(r25.linkParams()).containsEntry("etype", "r17").containsEntry("type", "intgrade");
        assertThat(WORLD.students())
                .filteredOn(s -> s.regulation().equals("R25") && !s.hasNoResult())
                .isNotEmpty()
                .allSatisfy(s -> assertThat(s.hallTicket()).matches("25[0-9A-Z]{2}1A.*"));
    }

    /** The query of the list's (not RC/RV) row of exam {@code code} whose link says {@code degree=linkDegree}. */
    private static String listQuery(String linkDegree, String code) {
        return TSV.stream()
                .map(Row::query)
                .filter(query -> {
                    Map<String, String> params = Exam.paramsOf(query);
                    return linkDegree.equals(params.get("degree"))
                            && code.equals(params.get("examCode"))
                            && !query.contains("rcrv");
                })
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row of the list has degree=" + linkDegree + " " + code));
    }

    private static Student studentWith(Programme programme, String code) {
        return studentWhere(s -> s.programme() == programme && s.results().containsKey(code));
    }

    private static Student studentWhere(Predicate<Student> wanted) {
        return SNAPSHOT.students().stream()
                .filter(wanted)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no student as wanted"));
    }

    /** The legend table's letters (first word) and points, in order. */
    private static Map<String, String> legendOf(Document page) {
        Element legend = page.select("table").last();
        Map<String, String> letters = new LinkedHashMap<>();
        for (Element row : Objects.requireNonNull(legend)
                .select("tr")
                .subList(1, legend.select("tr").size())) {
            letters.put(row.child(1).text().split(" ")[0], row.child(2).text());
        }
        return letters;
    }

    private static List<Row> listedRows(String html) {
        List<Row> rows = new ArrayList<>();
        for (Element link : Jsoup.parse(html).select("table a[href]")) {
            String href = link.attr("href");
            String date =
                    Objects.requireNonNull(link.parent()).nextElementSibling().text();
            rows.add(new Row(
                    href.substring(href.indexOf('?') + 1), link.wholeText().stripTrailing(), date));
        }
        return rows;
    }

    private static Map<Row, Long> counts(List<Row> rows) {
        Map<Row, Long> counts = new HashMap<>();
        rows.forEach(row -> counts.merge(row, 1L, Long::sum));
        return counts;
    }

    private static String result(String query, Student student) throws Exception {
        return send(
                "/resultAction?" + query + "&htno=" + URLEncoder.encode(student.hallTicket(), StandardCharsets.UTF_8));
    }

    private static String send(String pathAndQuery) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(URI.create(simulator.baseUrl() + pathAndQuery))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    /** The rows of the list file shipped with the simulator, read here on their own. */
    private static List<Row> tsvRows() {
        List<Row> rows = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                Objects.requireNonNull(RealListTest.class.getResourceAsStream("/simulator/release-list-2025-03.tsv")),
                StandardCharsets.UTF_8))) {
            reader.readLine();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String[] fields = line.split("\t", -1);
                rows.add(new Row(fields[2], fields[3], fields[1]));
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return rows;
    }
}
