package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.Programme;
import in.results.testing.ManualTicker;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every programme on the university's real release list (the simulator's real-list world, as of 27 March 2025): a
 * student of each answers {@code /all/<hallticket>} with the body derived from the simulator's truth — their own
 * programme's releases only, asked with the list's own query strings, graded on the scale each page prints — and
 * names the course in the {@code Regulation} and {@code Degree} headers; a minor-degree student's minor pages are
 * listed apart by {@code /attempts} and are in no semester.
 */
class ProgrammesIT {
    private static final Cohort WORLD = Cohort.onRealList(Cohort.DEFAULT_SEED).asOf(LocalDate.of(2025, 3, 27));
    /** Students looked up per programme. */
    private static final int PICKED = 4;

    private static TestUniverse universe;
    private static ServiceClient client;

    @BeforeAll
    static void start() {
        universe = TestUniverse.start(WORLD, new ManualTicker(), Map.of());
        client = universe.client();
    }

    @AfterAll
    static void stop() {
        universe.close();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Programme.class)
    void a_student_of_every_programme_gets_their_own_semesters_graded_on_their_pages_scale(Programme programme) {
        List<Student> students = withResults(programme);
        assertThat(students).as("students of " + programme + " with results").isNotEmpty();
        for (Student student : students) {
            var reply = client.get("/all/" + student.hallTicket());

            assertThat(reply.status()).as(student.hallTicket()).isEqualTo(200);
            assertThat(reply.header("Degree")).as(student.hallTicket()).isEqualTo(programme.degree());
            assertThat(reply.header("Regulation")).as(student.hallTicket()).isEqualTo(student.regulation());
            assertThat(reply.json()).as(student.hallTicket()).isEqualTo(ExpectedTranscript.of(WORLD, student));
        }
    }

    @Test
    void a_minor_degree_is_listed_apart_and_is_in_no_semester() {
        Student student = WORLD.students().stream()
                .filter(s -> !WORLD.minorAttempts(s).isEmpty())
                .findFirst()
                .orElseThrow();
        List<String> minorCodes =
                WORLD.minorAttempts(student).stream().map(Exam::code).toList();

        var attempts = client.get("/attempts/" + student.hallTicket());
        var all = client.get("/all/" + student.hallTicket());

        assertThat(attempts.status()).isEqualTo(200);
        List<String> listedApart = new ArrayList<>();
        for (JsonNode page : attempts.json().get("special_programmes")) {
            assertThat(page.get("programme").asText()).isEqualTo("minor_degree");
            if (!page.at("/release/rcrv").asBoolean()) {
                listedApart.add(page.at("/release/exam_code").asText());
            }
        }
        assertThat(listedApart).containsExactlyElementsOf(minorCodes);
        assertThat(attempts.json().get("attempts"))
                .noneMatch(page ->
                        minorCodes.contains(page.at("/release/exam_code").asText()));
        assertThat(all.json()).isEqualTo(ExpectedTranscript.of(WORLD, student));
    }

    @Test
    void a_postgraduate_class_is_fetched_in_bulk_with_its_list_query_and_graded_on_its_scale() {
        Student first = withResults(Programme.MCA).getFirst();
        Exam exam = WORLD.attempts(first).get("1-1").getFirst();
        String section = first.hallTicket().substring(0, 8);
        String query =
                "/api/bulk/calculate?hallticket_from=" + section + "01&hallticket_to=" + section + "20&" + exam.query();
        Map<String, BigDecimal> expected = new TreeMap<>();
        WORLD.students().stream()
                .filter(s -> s.hallTicket().startsWith(section) && s.results().containsKey(exam.code()))
                .filter(s -> s.hallTicket().compareTo(section + "20") <= 0)
                .forEach(s -> expected.put(
                        s.hallTicket(), ExpectedTranscript.sgpaOf(s.results().get(exam.code()), exam)));
        assertThat(exam.query()).contains("grad=pg");

        AtomicReference<ServiceClient.Reply> finished = new AtomicReference<>();
        Awaitility.await("the bulk job finishes")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    var reply = client.get(query);
                    finished.set(reply);
                    return reply.status() != 202;
                });

        assertThat(finished.get().status()).isEqualTo(200);
        Map<String, BigDecimal> answered = new TreeMap<>();
        for (JsonNode entry : finished.get().json()) {
            JsonNode sgpa = entry.get(0).get("SGPA");
            answered.put(entry.get(1).get("HTNO").asText(), sgpa.isNumber() ? sgpa.decimalValue() : null);
        }
        assertThat(answered).isEqualTo(expected).isNotEmpty();
    }

    private static List<Student> withResults(Programme programme) {
        return WORLD.students().stream()
                .filter(s -> s.programme() == programme && !s.hasNoResult())
                .limit(PICKED)
                .toList();
    }
}
