package in.results.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.Regulation;
import in.results.grading.Attempt;
import in.results.grading.AttemptMerger;
import in.results.scrape.ReleaseListParser;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import in.results.simulator.Cohort;
import in.results.simulator.Exam;
import in.results.simulator.Mark;
import in.results.simulator.Student;
import in.results.simulator.UniversitySimulator;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
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
    private static final int ROUND_SIZE = 32;
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
        ExamCatalog catalog = catalogOf(world);
        int newestListed = newestListedCode(world);
        Set<String> askedAnywhere = new HashSet<>();
        int students = 0;
        for (Student student : cohort.students()) {
            if (student.hasNoResult()) {
                continue;
            }
            Regulation regulation = Regulation.valueOf(student.regulation());
            Replay replay = Replay.of(student, catalog, regulation);

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

    /** One search run to its end against the ground truth: its rounds, the codes asked and the transcript made. */
    record Replay(List<Set<ExamQuery>> rounds, Set<String> askedCodes, Map<String, List<String>> transcript) {
        static Replay of(Student student, ExamCatalog catalog, Regulation regulation) {
            AttemptWindow window = new AttemptWindow(new HallTicket(student.hallTicket()), catalog, regulation);
            AttemptSearch search = new AttemptSearch(window, catalog, ROUND_SIZE);
            List<Set<ExamQuery>> rounds = new ArrayList<>();
            Set<String> codes = new HashSet<>();
            for (Set<ExamQuery> round = search.nextRound(); !round.isEmpty(); round = search.nextRound()) {
                assertThat(round).hasSizeLessThanOrEqualTo(ROUND_SIZE);
                rounds.add(round);
                for (ExamQuery query : round) {
                    search.record(query, answerOf(student, query));
                    codes.add(query.examCode());
                }
            }
            Map<String, List<String>> transcript = new TreeMap<>();
            for (Semester semester : Semester.values()) {
                List<Attempt> attempts = new ArrayList<>();
                for (ExamRelease release : window.possible(semester)) {
                    search.attemptOf(release).ifPresent(attempts::add);
                }
                if (!attempts.isEmpty()) {
                    transcript.put(
                            semester.key(),
                            AttemptMerger.finalRows(attempts).stream()
                                    .map(row -> row.code() + " " + row.grade() + " " + row.total())
                                    .sorted()
                                    .toList());
                }
            }
            return new Replay(rounds, codes, transcript);
        }
    }

    /** What the university answers: the student's page of the exam (RC/RV page for an RC/RV query), or none. */
    static ExamAnswer answerOf(Student student, ExamQuery query) {
        List<Mark> rows = (query.isRcrv() ? student.rcrvResults() : student.results()).get(query.examCode());
        if (rows == null) {
            return new ExamAnswer.NoResult();
        }
        StudentDetails details =
                new StudentDetails(student.hallTicket(), student.name(), student.fatherName(), student.collegeCode());
        return new ExamAnswer.Found(new ResultPage(
                "exam " + query.examCode(),
                details,
                rows.stream()
                        .map(m -> new SubjectResult(
                                m.code(), m.name(), m.internal(), m.external(), m.total(), m.grade(), m.credits()))
                        .toList()));
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

    static ExamCatalog catalogOf(UniversitySimulator.Builder world) throws Exception {
        return ExamCatalog.from(ReleaseListParser.parse(releaseList(world)));
    }

    static int newestListedCode(UniversitySimulator.Builder world) throws Exception {
        return ReleaseListParser.parse(releaseList(world)).stream()
                .map(listing -> listing.linkParams().getOrDefault("examCode", ""))
                .filter(code -> code.matches("\\d+"))
                .mapToInt(Integer::parseInt)
                .max()
                .orElseThrow();
    }

    private static String releaseList(UniversitySimulator.Builder world) throws Exception {
        try (UniversitySimulator site = world.start(0)) {
            return HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(site.baseUrl() + "/jsp/home.jsp"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
        }
    }
}
