package in.results.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.Degree;
import in.results.catalog.ExamCatalog;
import in.results.scrape.ReleaseListing;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.testing.Listings;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The search of every student of a cohort, replayed against the simulator's ground truth without HTTP: the
 * transcript its answers make equals the one all of the student's pages make, in a university that lags the
 * built-in table, one that is current, and with release lists that lost older rows; and nothing is asked that the
 * list proves unreleased. The expected transcript is merged here by the rules (best points, ties to the later
 * attempt, an RC/RV row in place of its exam's), not by the service's code.
 */
class AttemptSearchTest {
    private static final Cohort COHORT = Cohort.generate(Cohort.DEFAULT_SEED);
    private static final Map<String, Integer> POINTS =
            Map.of("O", 10, "A+", 9, "A", 8, "B+", 7, "B", 6, "C", 5, "D", 5);

    static Stream<Arguments> universities() {
        LocalDate late2023 = LocalDate.of(2023, 11, 30);
        return Stream.of(
                Arguments.of("late 2023", UniversitySimulator.builder(COHORT).asOf(late2023)),
                Arguments.of("latest day", UniversitySimulator.builder(COHORT)),
                Arguments.of(
                        "late 2023, list from mid 2021",
                        UniversitySimulator.builder(COHORT).asOf(late2023).listFrom(LocalDate.of(2021, 6, 1))),
                Arguments.of(
                        "latest day, list without some rows",
                        UniversitySimulator.builder(COHORT)
                                .listWithout(List.of(
                                        "1358", "1425", "1449", "1476", "1491", "1560", "1585", "1704", "1768"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("universities")
    void every_students_search_gives_the_transcript_of_all_their_pages(String name, UniversitySimulator.Builder world)
            throws Exception {
        Cohort cohort = world.cohort();
        ExamCatalog catalog = SearchReplay.catalogOf(world);
        int newestListed = SearchReplay.newestListedCode(world);
        Set<String> askedAnywhere = new HashSet<>();
        int students = 0;
        for (Student student : cohort.students()) {
            if (student.hasNoResult()) {
                continue;
            }
            SearchReplay replay = SearchReplay.of(student, catalog);

            assertThat(replay.rounds())
                    .allSatisfy(round -> assertThat(round).hasSizeLessThanOrEqualTo(SearchReplay.ROUND_SIZE));
            assertThat(replay.transcript())
                    .as(name + " " + student.hallTicket())
                    .isEqualTo(expectedTranscript(cohort, student));
            askedAnywhere.addAll(replay.askedCodes());
            students++;
        }
        assertThat(students).isGreaterThan(900);
        assertThat(askedAnywhere)
                .allSatisfy(code -> assertThat(Integer.parseInt(code)).isLessThanOrEqualTo(newestListed));
    }

    /**
     * A 2019 student who passed every other semester at the batch's regular exam, failed a 2-2 subject in the
     * batch's regular exam (1501) and the supplementary after it (1565), then cleared it with the next batch's regular
     * exam (1605), whose RC/RV page raised it. The list shows an RC/RV release for 1605, but a later batch's regular
     * exam hardly ever holds a result of the student: its RC/RV page is asked only in the round after the exam is
     * found to hold one, and then its row is the final one.
     */
    @Test
    void a_later_batchs_regular_exam_has_its_rcrv_page_asked_once_it_holds_a_result() throws Exception {
        String subject = "FORMAL LANGUAGES AND AUTOMATA THEORY";
        Mark failed = new Mark("154CK", subject, "20", "9", "29", "F", "0", "");
        Mark passed = new Mark("154CK", subject, "20", "25", "45", "C", "3", "");
        Mark raised = new Mark("154CK", subject, "20", "36", "56", "B", "3", Mark.CHANGE_IN_GRADE);
        Map<String, List<Mark>> pages = new LinkedHashMap<>();
        // The batch's regular exams of the other semesters in the latest world: settled in the first round.
        for (String code : List.of("1404", "1435", "1449", "1550", "1595", "1624", "1672")) {
            pages.put(code, List.of(new Mark("S" + code, "SUBJECT " + code, "20", "50", "70", "A", "3", "")));
        }
        pages.put("1501", List.of(failed));
        pages.put("1565", List.of(failed));
        pages.put("1605", List.of(passed));
        Student student = new Student(
                "199A1A0507", "A", "B", "9A", "R18", 2019, false, false, pages, Map.of("1605", List.of(raised)));
        ExamCatalog catalog = SearchReplay.catalogOf(UniversitySimulator.builder(COHORT));
        assertThat(catalog.hasRcrv(Degree.BTECH, "1605")).isTrue();

        SearchReplay replay = SearchReplay.of(student, catalog);

        int examRound = roundAsking(replay, "1605", false);
        // Room in that round: the twin was left out by the plan, not by the round's size.
        assertThat(replay.rounds().get(examRound)).hasSizeLessThan(SearchReplay.ROUND_SIZE);
        assertThat(roundAsking(replay, "1605", true)).isEqualTo(examRound + 1);
        assertThat(replay.transcript())
                .containsEntry("2-2", List.of("154CK B 56"))
                .hasSize(8);
    }

    /**
     * A current list shows 1-1's regular exam 1467 and 2-1's 1560, so the built-in 1-2 codes below 1560 are unlisted:
     * they may be rows the list lost, or codes not published yet. A 2020 student with a 2-1 page reached 1-2, and its
     * unlisted releases are asked until its attempt is found; a student with a 1-1 page only is not known to have
     * reached 1-2, and nothing unlisted is asked for it.
     */
    @Test
    void unlisted_releases_are_asked_only_for_a_semester_the_student_is_known_to_have_reached() {
        ExamCatalog catalog = ExamCatalog.from(List.of(
                listing("1560", "B.Tech II Year I Semester (R18) Regular Examinations Results", "05-MAR-2022"),
                listing("1467", "B.Tech I Year I Semester (R18) Regular Examinations Results", "06-SEP-2021")));
        Mark mark = new Mark("S1", "SUBJECT", "20", "50", "70", "A", "3", "");
        Student reached = new Student(
                "209A1A0501",
                "A",
                "B",
                "9A",
                "R18",
                2020,
                false,
                false,
                Map.of("1467", List.of(mark), "1503", List.of(mark), "1560", List.of(mark)),
                Map.of());
        Student notReached = new Student(
                "209A1A0502", "A", "B", "9A", "R18", 2020, false, false, Map.of("1467", List.of(mark)), Map.of());

        SearchReplay withLaterPage = SearchReplay.of(reached, catalog);
        SearchReplay firstYearOnly = SearchReplay.of(notReached, catalog);

        assertThat(withLaterPage.transcript()).containsOnlyKeys("1-1", "1-2", "2-1");
        assertThat(withLaterPage.askedCodes()).contains("1503");
        assertThat(firstYearOnly.transcript()).containsOnlyKeys("1-1");
        assertThat(firstYearOnly.askedCodes()).as("listed releases only").containsOnly("1467", "1560");
    }

    private static ReleaseListing listing(String code, String title, String date) {
        return Listings.btech(code, "r17", "intgrade", title, date);
    }

    private static int roundAsking(SearchReplay replay, String examCode, boolean rcrv) {
        for (int round = 0; round < replay.rounds().size(); round++) {
            if (replay.rounds().get(round).stream()
                    .anyMatch(query -> query.examCode().equals(examCode) && query.isRcrv() == rcrv)) {
                return round;
            }
        }
        throw new AssertionError("never asked: " + examCode + (rcrv ? " RC/RV" : ""));
    }

    /** Per semester, each subject's best row over all the student's attempts of the regulation (ties: the later). */
    static Map<String, List<String>> expectedTranscript(Cohort cohort, Student student) {
        Map<String, List<Exam>> bySemester = new TreeMap<>();
        for (String code : student.results().keySet()) {
            Exam exam = cohort.exam(code).orElseThrow();
            bySemester.computeIfAbsent(exam.semester(), s -> new ArrayList<>()).add(exam);
        }
        Map<String, List<String>> transcript = new TreeMap<>();
        bySemester.forEach((semester, exams) -> {
            Map<String, Mark> best = new LinkedHashMap<>();
            exams.stream()
                    .sorted((a, b) -> a.releaseDate().equals(b.releaseDate())
                            ? Integer.compare(Integer.parseInt(a.code()), Integer.parseInt(b.code()))
                            : a.releaseDate().compareTo(b.releaseDate()))
                    .forEach(exam -> {
                        Map<String, Mark> revalued = new LinkedHashMap<>();
                        student.rcrvResults()
                                .getOrDefault(exam.code(), List.of())
                                .forEach(m -> revalued.put(m.code(), m));
                        for (Mark own : student.results().get(exam.code())) {
                            Mark row = revalued.getOrDefault(own.code(), own);
                            Mark before = best.get(own.code());
                            if (before == null || points(row) >= points(before)) {
                                best.put(own.code(), row);
                            }
                        }
                    });
            transcript.put(
                    semester,
                    best.values().stream()
                            .map(m -> m.code() + " " + m.grade() + " " + m.total())
                            .sorted()
                            .toList());
        });
        return transcript;
    }

    private static int points(Mark mark) {
        return POINTS.getOrDefault(mark.grade(), 0);
    }
}
