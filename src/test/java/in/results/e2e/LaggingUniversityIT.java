package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.CaseExample;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Student;
import in.results.testing.ManualTicker;
import in.results.testing.ReleaseLists;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code /all-r18}, {@code /all-r22} and {@code /all} against a university that lags the service's built-in code
 * table (as it stood in late 2023), against one as current as the table, and against release lists that lost older
 * rows: every answer equals the body {@link ExpectedTranscript} derives from that day's ground truth, a hall ticket
 * without a result by then is a 404, and no request names a built-in code above the newest code of the list.
 */
class LaggingUniversityIT {
    private static final Cohort COHORT = Cohort.generate(Cohort.DEFAULT_SEED);
    private static final LocalDate LATE_2023 = LocalDate.of(2023, 11, 30);
    /** Students looked up per regulation and world, besides up to two of every edge case. */
    private static final int PICKED = 12;

    static Stream<Arguments> universities() {
        return Stream.of(
                Arguments.of("late 2023", UniversitySimulator.builder(COHORT).asOf(LATE_2023)),
                Arguments.of("the simulator's latest day", UniversitySimulator.builder(COHORT)),
                Arguments.of(
                        "late 2023, the list without its rows before mid 2021",
                        UniversitySimulator.builder(COHORT).asOf(LATE_2023).listFrom(LocalDate.of(2021, 6, 1))),
                Arguments.of(
                        "the latest day, the list without some older rows",
                        UniversitySimulator.builder(COHORT)
                                .listWithout(List.of(
                                        "1358", "1425", "1449", "1476", "1491", "1560", "1585", "1699", "1704"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("universities")
    void every_answer_is_that_days_ground_truth_and_no_unreleased_code_is_asked(
            String name, UniversitySimulator.Builder university) throws Exception {
        Cohort then = university.cohort();
        try (TestUniverse universe = TestUniverse.start(university, new ManualTicker(), Map.of())) {
            ServiceClient client = universe.client();
            int newestListed = ReleaseLists.newestCode(ReleaseLists.pageOf(universe.primary()));
            int asked = 0;
            for (Student student : studentsOf(then)) {
                String regulation = student.regulation().toLowerCase(Locale.ROOT);
                var byRegulation = client.get("/all-" + regulation + "/" + student.hallTicket());
                var byHallTicket = client.get("/all/" + student.hallTicket());

                if (student.hasNoResult()) {
                    assertThat(byRegulation.status())
                            .as(name + " " + student.hallTicket())
                            .isEqualTo(404);
                    assertThat(byHallTicket.status())
                            .as(name + " " + student.hallTicket())
                            .isEqualTo(404);
                } else {
                    assertThat(byRegulation.status())
                            .as(name + " " + student.hallTicket())
                            .isEqualTo(200);
                    assertThat(byRegulation.json())
                            .as(name + " " + student.hallTicket())
                            .isEqualTo(ExpectedTranscript.of(then, student));
                    assertThat(byHallTicket.json())
                            .as(name + " " + student.hallTicket())
                            .isEqualTo(byRegulation.json());
                }
                asked++;
            }

            assertThat(asked).isGreaterThan(30);
            List<String> unreleased = ReleaseLists.builtInCodesAbove(newestListed);
            if (then.latestDay().isBefore(COHORT.latestDay())) {
                assertThat(unreleased)
                        .as(name + ": the table knows codes the list does not yet")
                        .hasSizeGreaterThan(40);
            }
            for (UniversitySimulator site : List.of(universe.primary(), universe.mirror())) {
                Map<String, Long> byExam = site.resultRequestsByExam();
                assertThat(unreleased)
                        .as(name + ": built-in codes above the list's newest code, " + newestListed)
                        .allSatisfy(code -> assertThat(byExam.getOrDefault(code, 0L))
                                .as(code)
                                .isZero());
            }
        }
    }

    /** Up to two students of each edge case and {@link #PICKED} drawn at random, per regulation with students. */
    private static List<Student> studentsOf(Cohort then) {
        CohortCases cases = CohortCases.of(then);
        Set<Student> students = new LinkedHashSet<>();
        for (String regulation : List.of("R18", "R22")) {
            for (EdgeCase edgeCase : EdgeCase.values()) {
                for (CaseExample example :
                        cases.examples(edgeCase, regulation).stream().limit(2).toList()) {
                    students.add(then.student(example.hallTicket()).orElseThrow());
                }
            }
            List<Student> ofRegulation = new ArrayList<>(then.students().stream()
                    .filter(s -> s.regulation().equals(regulation))
                    .toList());
            Collections.shuffle(ofRegulation, new Random(11));
            students.addAll(ofRegulation.subList(0, Math.min(PICKED, ofRegulation.size())));
        }
        return List.copyOf(students);
    }
}
