package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.testing.ManualTicker;
import java.math.BigDecimal;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /report/<hallticket>?if=CODE:GRADE,…} and {@code ?target_cgpa=} against the simulator, on a fresh service
 * (and archive) each: the figures derived by hand ({@link ExpectedWhatIf}), the credits of a failed subject borrowed
 * from a classmate's page the service has read, every bad parameter a 400 naming it, and no extra request to the
 * university for any of it.
 */
class WhatIfIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final Backlogs BACKLOGS = Backlogs.find();

    private TestUniverse universe;
    private ServiceClient client;

    @BeforeEach
    void start() {
        universe = TestUniverse.start(COHORT, new ManualTicker(), Map.of());
        client = universe.client();
    }

    @AfterEach
    void stop() {
        universe.close();
    }

    /**
     * An R18 regular student with at least two open backlogs, each the only failed row of its semester, and a
     * classmate (same college, branch and batch) who passed every one of them.
     */
    private record Backlogs(Student student, List<String> codes, Student classmate) {
        static Backlogs find() {
            for (Student student : COHORT.students()) {
                if (student.hasNoResult() || !student.regulation().equals("R18") || student.lateralEntry()) {
                    continue;
                }
                JsonNode backlogs =
                        ExpectedReport.of(COHORT, student).get("overall").get("backlogs");
                List<String> semesters = field(backlogs, "semester");
                if (backlogs.size() < 2 || Set.copyOf(semesters).size() != semesters.size()) {
                    continue;
                }
                List<String> codes = field(backlogs, "subject_code");
                for (Student classmate : COHORT.students()) {
                    if (classmate != student
                            && classmate
                                    .hallTicket()
                                    .startsWith(student.hallTicket().substring(0, 8))
                            && codes.stream().allMatch(code -> passed(classmate, code))) {
                        return new Backlogs(student, codes, classmate);
                    }
                }
            }
            throw new AssertionError("no student with two backlogs in two semesters and a classmate who passed them");
        }

        private static List<String> field(JsonNode elements, String name) {
            List<String> values = new ArrayList<>();
            elements.forEach(element -> values.add(element.get(name).asText()));
            return values;
        }

        private static boolean passed(Student student, String code) {
            return student.results().values().stream()
                    .flatMap(List::stream)
                    .anyMatch(mark -> mark.code().equals(code) && !mark.failed());
        }

        String first() {
            return codes.getFirst();
        }

        String second() {
            return codes.get(1);
        }

        /** A subject the student has passed. */
        String passedCode() {
            return ExpectedTranscript.of(COHORT, student).get("data").findValues("subject_code").stream()
                    .map(JsonNode::asText)
                    .filter(code -> !codes.contains(code))
                    .findFirst()
                    .orElseThrow();
        }
    }

    private ServiceClient.Reply report(String query) {
        return client.get("/report/" + BACKLOGS.student().hallTicket() + query);
    }

    /** Reads the classmate's pages (the service keeps them) and waits until the archive has written them. */
    private void readClassmate() {
        assertThat(client.get("/report/" + BACKLOGS.classmate().hallTicket()).status())
                .isEqualTo(200);
        client.awaitArchiveWritten();
    }

    private static void assertBadParameter(ServiceClient.Reply reply, String parameter, String... named) {
        assertThat(reply.status()).as(reply.response().uri().toString()).isEqualTo(400);
        assertThat(reply.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
        String error = reply.json().get("error").asText();
        assertThat(error).contains("'" + parameter + "'");
        for (String name : named) {
            assertThat(error).contains(name);
        }
    }

    /** The body without the what-if objects: the plain report, which they must leave as it is. */
    private static JsonNode withoutAssumptions(JsonNode body) {
        ObjectNode copy = body.deepCopy();
        copy.remove(List.of("what_if", "target"));
        return ExpectedReport.comparable(copy);
    }

    @Test
    void a_backlogs_credits_no_page_read_shows_are_a_400_until_a_classmate_who_passed_it_is_read() {
        // given a fresh service: no page it has read shows the backlog passed (the student's own show 0 credits)
        String ifFirst = "?if=" + BACKLOGS.first() + ":B";
        var unknown = report(ifFirst);

        // when a classmate who passed it is looked up, and the archive has written their pages
        readClassmate();
        var known = Awaitility.await("the classmate's credits in the archive")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> report(ifFirst), reply -> reply.status() == 200);

        // then the figures are recomputed with the borrowed credits, and the report is otherwise unchanged
        assertBadParameter(unknown, "if", BACKLOGS.first());
        assertThat(ExpectedReport.numbersCanonical(known.json().get("what_if")))
                .isEqualTo(ExpectedReport.numbersCanonical(
                        ExpectedWhatIf.whatIf(COHORT, BACKLOGS.student(), Map.of(BACKLOGS.first(), "B"))));
        assertThat(withoutAssumptions(known.json()))
                .isEqualTo(ExpectedReport.comparable(ExpectedReport.of(COHORT, BACKLOGS.student())));
    }

    @Test
    void two_backlogs_passed_at_once_with_a_plus_written_raw_or_encoded_and_codes_in_any_case() {
        readClassmate();
        Map<String, String> grades = new LinkedHashMap<>();
        grades.put(BACKLOGS.first(), "A+");
        grades.put(BACKLOGS.second(), "C");

        var raw = report("?if=" + BACKLOGS.first() + ":A+," + BACKLOGS.second() + ":C");
        var encoded = report("?if=" + BACKLOGS.first().toLowerCase() + ":a%2B%2C" + BACKLOGS.second() + ":c");

        assertThat(raw.status()).isEqualTo(200);
        assertThat(ExpectedReport.numbersCanonical(raw.json().get("what_if")))
                .isEqualTo(ExpectedReport.numbersCanonical(ExpectedWhatIf.whatIf(COHORT, BACKLOGS.student(), grades)));
        assertThat(encoded.status()).isEqualTo(200);
        assertThat(encoded.json()).isEqualTo(raw.json());
    }

    @Test
    void a_malformed_if_a_grade_off_the_scale_a_fail_or_a_subject_not_failed_is_a_400_naming_if() {
        readClassmate();
        String backlog = BACKLOGS.first();
        String passed = BACKLOGS.passedCode();

        assertBadParameter(report("?if=" + backlog + "-B"), "if");
        assertBadParameter(report("?if="), "if");
        assertBadParameter(report("?if=" + backlog + ":B," + backlog + ":C"), "if", backlog);
        assertBadParameter(report("?if=" + backlog + ":Z"), "if", backlog);
        // D is a pass on other programmes' scales, not on B.Tech's
        assertBadParameter(report("?if=" + backlog + ":D"), "if", backlog);
        assertBadParameter(report("?if=" + backlog + ":F"), "if", backlog);
        assertBadParameter(report("?if=" + backlog + ":Ab"), "if", backlog);
        assertBadParameter(report("?if=" + passed + ":B"), "if", passed);
        assertBadParameter(report("?if=" + backlog + ":B,15ZZ9:B"), "if", "15ZZ9");
    }

    @Test
    void twenty_pairs_pass_the_size_guard_and_twenty_one_do_not() {
        // 20 pairs of a 10-character code and A+: 279 characters, the longest 20 pairs can be
        List<String> pairs = IntStream.range(0, 20)
                .mapToObj(i -> String.format("15ZZ%06d:A+", i))
                .toList();
        String twenty = String.join(",", pairs);
        String twentyOne = twenty + ",15ZZ9:B";
        String twentyOneShort =
                IntStream.range(0, 21).mapToObj(i -> "C" + i + ":B").collect(Collectors.joining(","));

        var accepted = report("?if=" + twenty);
        var tooLong = report("?if=" + twentyOne);
        var tooMany = report("?if=" + twentyOneShort);

        assertThat(twenty).hasSize(279);
        // past the guard and the syntax: refused only because its first subject is not the student's backlog
        assertBadParameter(accepted, "if", "15ZZ000000", "not a subject");
        assertBadParameter(tooLong, "if", "279");
        assertBadParameter(tooMany, "if", "20");
    }

    @Test
    void target_cgpa_gives_the_average_needed_over_the_credits_left_or_unreachable_with_the_best_possible() {
        // R22 lateral entry (out of 120 credits) has credits left to reach most targets with; R18 (160) fewer
        List<Student> students = new ArrayList<>(COHORT.students().stream()
                .filter(s -> s.regulation().equals("R22") && s.lateralEntry() && !s.hasNoResult())
                .limit(5)
                .toList());
        students.add(BACKLOGS.student());
        // and one who has earned every credit the degree needs, though a backlog may be open: the CGPA is final
        students.add(COHORT.students().stream()
                .filter(s -> s.regulation().equals("R18") && !s.lateralEntry() && !s.hasNoResult())
                .filter(s -> ExpectedReport.of(COHORT, s)
                                .get("overall")
                                .get("credits_earned")
                                .decimalValue()
                                .compareTo(BigDecimal.valueOf(160))
                        >= 0)
                .findFirst()
                .orElseThrow());
        Set<String> statuses = new HashSet<>();

        for (Student student : students) {
            int required = student.regulation().equals("R22") ? 120 : 160;
            JsonNode report = ExpectedReport.comparable(ExpectedReport.of(COHORT, student));
            for (String target : List.of("6.1", "7.5", "8", "10")) {
                var reply = client.get("/report/" + student.hallTicket() + "?target_cgpa=" + target);

                JsonNode expected = ExpectedWhatIf.target(COHORT, student, Map.of(), target, required);
                assertThat(ExpectedReport.numbersCanonical(reply.json().get("target")))
                        .as(student.hallTicket() + " " + target)
                        .isEqualTo(ExpectedReport.numbersCanonical(expected));
                assertThat(withoutAssumptions(reply.json())).isEqualTo(report);
                statuses.add(expected.get("status").asText());
            }
        }
        assertThat(statuses).contains("reachable", "unreachable", "reached");
    }

    @Test
    void with_if_and_target_cgpa_the_target_is_worked_out_on_the_what_if_figures() {
        readClassmate();
        Map<String, String> grades = Map.of(BACKLOGS.first(), "A");

        var both = report("?if=" + BACKLOGS.first() + ":A&target_cgpa=7");

        assertThat(both.status()).isEqualTo(200);
        assertThat(SchemaCheck.violations("StudentReport", both.json())).isEmpty();
        assertThat(ExpectedReport.numbersCanonical(both.json().get("what_if")))
                .isEqualTo(ExpectedReport.numbersCanonical(ExpectedWhatIf.whatIf(COHORT, BACKLOGS.student(), grades)));
        assertThat(ExpectedReport.numbersCanonical(both.json().get("target")))
                .isEqualTo(ExpectedReport.numbersCanonical(
                        ExpectedWhatIf.target(COHORT, BACKLOGS.student(), grades, "7", 160)))
                .isNotEqualTo(ExpectedReport.numbersCanonical(
                        ExpectedWhatIf.target(COHORT, BACKLOGS.student(), Map.of(), "7", 160)));
    }

    @Test
    void a_target_cgpa_outside_0_to_10_or_not_a_number_is_a_400_naming_target_cgpa() {
        for (String bad : List.of("11", "10.01", "-1", "abc", "")) {
            assertBadParameter(report("?target_cgpa=" + bad), "target_cgpa");
        }
    }

    @Test
    void what_if_and_target_answers_differ_but_come_from_the_cached_transcript_without_asking_the_university() {
        // given the student's report and the classmate's pages read
        readClassmate();
        var plain = report("");
        long asked = asked();

        // when the student asks with other parameters, and again with each answer's ETag
        List<ServiceClient.Reply> replies = new ArrayList<>(List.of(plain));
        for (String query : List.of(
                "?target_cgpa=7",
                "?target_cgpa=8",
                "?if=" + BACKLOGS.first() + ":B",
                "?if=" + BACKLOGS.first() + ":A",
                "?if=" + BACKLOGS.first() + ":A&target_cgpa=8")) {
            replies.add(report(query));
        }
        var withPlainTag = conditional("?target_cgpa=8", plain.header("ETag"));
        var withOwnTag = conditional("?target_cgpa=8", replies.get(2).header("ETag"));

        // then every answer is its own, with its own ETag, from the cache, and the university was not asked again
        for (ServiceClient.Reply reply : replies) {
            assertThat(reply.status()).isEqualTo(200);
        }
        assertThat(replies.stream().skip(1).map(reply -> reply.header("X-Cache")))
                .containsOnly("HIT");
        assertThat(replies.stream().map(reply -> reply.response().body()).distinct())
                .hasSize(replies.size());
        assertThat(replies.stream().map(reply -> reply.header("ETag")).distinct())
                .hasSize(replies.size());
        assertThat(withPlainTag.status()).isEqualTo(200);
        assertThat(withOwnTag.status()).isEqualTo(304);
        assertThat(asked()).isEqualTo(asked);
    }

    private ServiceClient.Reply conditional(String query, String etag) {
        return client.send(HttpRequest.newBuilder(
                        client.uri("/report/" + BACKLOGS.student().hallTicket() + query))
                .header("If-None-Match", etag)
                .GET()
                .build());
    }

    /** Result pages asked of the university, primary and mirror. */
    private long asked() {
        return universe.primary().requestCount("/resultAction")
                + universe.mirror().requestCount("/resultAction");
    }
}
