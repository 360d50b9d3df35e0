package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.Main;
import in.results.e2e.ExpectedPromotion.Threshold;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.testing.ManualTicker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The promotion standing on a table other than the shipped one ({@code RESULTS_PROMOTION_RULES_FILE}), a table that
 * stops start-up, and a year whose standing changes the day the university lists the batch's regular release of its
 * last semester. Expected standings are derived by hand ({@link ExpectedPromotion}).
 */
class PromotionIT {
    private static final Cohort COHORT = Cohort.generate(42);

    /**
     * The shipped table with other numbers and flags, set so that the cohort shows short years where the shipped table
     * has none: a service that followed the shipped numbers, not the file's, fails here.
     */
    private static final List<Threshold> ALTERED = List.of(
            new Threshold("R18", false, "2-1", 38, 39, false),
            new Threshold("R18", false, "3-1", 80, 85, false),
            new Threshold("R18", false, "4-1", 118, 130, true),
            new Threshold("R18", false, "degree", 150, 150, false),
            new Threshold("R18", true, "3-1", 40, 43, false),
            new Threshold("R18", true, "4-1", 82, 90, true),
            new Threshold("R18", true, "degree", 118, 118, true),
            new Threshold("R22", false, "2-1", 40, 40, true),
            new Threshold("R22", false, "3-1", 75, 80, false),
            new Threshold("R22", false, "4-1", 100, 120, false),
            new Threshold("R22", false, "degree", 158, 158, false),
            new Threshold("R22", true, "3-1", 38, 40, false),
            new Threshold("R22", true, "4-1", 70, 80, false),
            new Threshold("R22", true, "degree", 119, 119, true));

    @Test
    void an_operators_rules_file_replaces_the_shipped_thresholds_and_degree_credits(@TempDir Path folder)
            throws IOException {
        // given a service started on a file of altered thresholds, and a student for each step and status they give
        Path file = Files.writeString(folder.resolve("rules.json"), ExpectedPromotion.rulesFile(ALTERED));
        Map<String, Student> covering = ExpectedPromotion.covering(COHORT, ALTERED);

        try (TestUniverse universe = TestUniverse.start(
                COHORT, new ManualTicker(), Map.of("RESULTS_PROMOTION_RULES_FILE", file.toString()))) {
            // when each asks for their report, then it follows the file: thresholds, flags and degree credits
            for (Map.Entry<String, Student> example : covering.entrySet()) {
                Student student = example.getValue();
                var report = universe.client().get("/report/" + student.hallTicket());

                assertThat(report.status()).as(example.getKey()).isEqualTo(200);
                assertThat(ExpectedReport.comparable(report.json()))
                        .as(example.getKey() + " " + student.hallTicket())
                        .isEqualTo(ExpectedReport.comparable(ExpectedReport.of(COHORT, student, ALTERED)));
            }
        }
        // and the file made a difference the shipped table would not: short years, and standings that differ
        assertThat(covering.keySet())
                .contains("R18 regular into 2-1: short", "R18 lateral into 3-1: short", "R22 regular into 3-1: short")
                .contains("R22 lateral into 4-1: short");
        assertThat(Set.copyOf(covering.values()))
                .anyMatch(student -> !statuses(student, ALTERED).equals(statuses(student, ExpectedPromotion.SHIPPED)));
    }

    private static List<String> statuses(Student student, List<Threshold> table) {
        return ExpectedReport.of(COHORT, student, table).get("promotion").findValues("status").stream()
                .map(JsonNode::asText)
                .toList();
    }

    @Test
    void a_rules_file_that_breaks_a_rule_stops_start_up_with_exit_code_2_naming_the_setting_and_the_rule(
            @TempDir Path folder) throws Exception {
        // given a file whose first row requires more credits than it offers
        Path file = Files.writeString(
                folder.resolve("rules.json"),
                ExpectedPromotion.rulesFile(List.of(
                        new Threshold("R18", false, "2-1", 38, 37, true),
                        new Threshold("R18", false, "degree", 160, 160, true))));
        ProcessBuilder builder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "--port",
                        "0",
                        "--data-dir",
                        folder.resolve("data").toString())
                .redirectErrorStream(true);
        builder.environment().put("RESULTS_PROMOTION_RULES_FILE", file.toString());

        // when the service is started as deployed
        Process service = builder.start();
        try {
            boolean exited = service.waitFor(60, TimeUnit.SECONDS);
            String output = new String(service.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            // then it does not start, and says which setting and which rule
            assertThat(exited).as("the service exits").isTrue();
            assertThat(service.exitValue()).as(output).isEqualTo(2);
            assertThat(output)
                    .contains("RESULTS_PROMOTION_RULES_FILE")
                    .contains(file.toString())
                    .contains("required")
                    .contains("38")
                    .contains("37");
            assertThat(output).doesNotContain("Exception");
        } finally {
            service.destroyForcibly();
        }
    }

    /**
     * A detained student, and a day their batch's regular release of a year's last semester appears while they sit
     * nothing that day: their standing for that year turns from not yet due to short.
     */
    private record YearEnd(Student student, LocalDate day, String into) {}

    private static YearEnd yearEndWhileDetained() {
        List<LocalDate> days = COHORT.exams().stream()
                .filter(exam -> ExpectedPromotion.isRegularOf(exam, "R18", exam.semester())
                        || ExpectedPromotion.isRegularOf(exam, "R22", exam.semester()))
                .map(Exam::releaseDate)
                .distinct()
                .sorted()
                .toList();
        List<String> detained = COHORT.students().stream()
                .filter(Student::detained)
                .map(Student::hallTicket)
                .toList();
        for (LocalDate day : days) {
            Cohort before = COHORT.asOf(day.minusDays(1));
            Cohort after = COHORT.asOf(day);
            for (String hallTicket : detained) {
                Student then = before.student(hallTicket).orElseThrow();
                Student now = after.student(hallTicket).orElseThrow();
                if (then.hasNoResult() || !then.results().equals(now.results())) {
                    continue;
                }
                JsonNode waiting = ExpectedReport.of(before, then).get("promotion");
                JsonNode ended = ExpectedReport.of(after, now).get("promotion");
                for (int i = 0; i < waiting.size(); i++) {
                    if (waiting.get(i).get("status").asText().equals("not yet due")
                            && ended.get(i).get("status").asText().equals("short")) {
                        return new YearEnd(now, day, ended.get(i).get("into").asText());
                    }
                }
            }
        }
        throw new AssertionError("no detained student whose year ends while they sit nothing");
    }

    @Test
    void a_year_turns_from_not_yet_due_to_short_the_day_the_list_shows_the_batchs_regular_release_of_its_end() {
        // given a university the day before a detained student's batch gets the results ending a year
        YearEnd yearEnd = yearEndWhileDetained();
        LocalDate dayBefore = yearEnd.day().minusDays(1);
        String path = "/report/" + yearEnd.student().hallTicket();
        try (TestUniverse universe = TestUniverse.start(
                UniversitySimulator.builder(COHORT).asOf(dayBefore),
                Ticker.systemTicker(),
                Map.of("RESULTS_LIST_REFRESH_SECONDS", "5"))) {
            Cohort before = COHORT.asOf(dayBefore);
            var waiting = universe.client().get(path);

            assertThat(ExpectedReport.comparable(waiting.json()))
                    .isEqualTo(ExpectedReport.comparable(ExpectedReport.of(
                            before,
                            before.student(yearEnd.student().hallTicket()).orElseThrow())));
            assertThat(statusOf(waiting.json(), yearEnd.into())).isEqualTo("not yet due");

            // when the university publishes that day's releases
            universe.primary().advanceTo(yearEnd.day());
            universe.mirror().advanceTo(yearEnd.day());

            // then, once the service has read the list again, the year is short, the rest as that day's truth
            var ended = universe.client()
                    .awaitAnswer(
                            path,
                            reply -> statusOf(reply.json(), yearEnd.into()).equals("short"),
                            Duration.ofSeconds(60));
            assertThat(ExpectedReport.comparable(ended.json()))
                    .isEqualTo(ExpectedReport.comparable(
                            ExpectedReport.of(COHORT.asOf(yearEnd.day()), yearEnd.student())));
        }
    }

    @Test
    void an_earlier_batchs_regular_release_delayed_into_the_next_year_does_not_end_a_later_batchs_year() {
        // given the university in mid 2021: the 2018 batch's 2-2 results, delayed to 2021, are out, while the 2019
        // batch has had its first year's results and not yet those of 2-1
        LocalDate day = LocalDate.of(2021, 6, 1);
        Cohort then = COHORT.asOf(day);
        Student student = then.students().stream()
                .filter(s -> s.hallTicket().startsWith("19") && !s.lateralEntry() && !s.hasNoResult())
                .findFirst()
                .orElseThrow();
        assertThat(then.exams())
                .anyMatch(exam -> ExpectedPromotion.isRegularOf(exam, "R18", "2-2")
                        && !exam.releaseDate().isBefore(LocalDate.of(2021, 1, 1)));
        assertThat(then.attempts(student)).containsOnlyKeys("1-1", "1-2");

        try (TestUniverse universe =
                TestUniverse.start(UniversitySimulator.builder(COHORT).asOf(day), new ManualTicker(), Map.of())) {
            var report =
                    universe.client().get("/report/" + student.hallTicket()).json();

            // then their year into 3-1 is not yet due: that release is not their batch's
            assertThat(statusOf(report, "3-1")).isEqualTo("not yet due");
            assertThat(ExpectedReport.comparable(report))
                    .isEqualTo(ExpectedReport.comparable(ExpectedReport.of(then, student)));
        }
    }

    private static String statusOf(JsonNode report, String into) {
        for (JsonNode step : report.get("promotion")) {
            if (step.get("into").asText().equals(into)) {
                return step.get("status").asText();
            }
        }
        throw new AssertionError("no step into " + into + " in " + report.get("promotion"));
    }
}
