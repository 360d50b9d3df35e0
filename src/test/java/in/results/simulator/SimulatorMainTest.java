package in.results.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.SharedCohort;
import in.results.simulator.releases.Programme;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SimulatorMainTest {

    @Test
    void options_are_read_with_or_without_equals_signs() {
        SimulatorMain.Options options =
                SimulatorMain.Options.parse(new String[] {"--port", "8089", "--seed=7", "--latency-ms", "25"});

        assertThat(options)
                .isEqualTo(new SimulatorMain.Options(
                        8089, "127.0.0.1", 7, 25, false, LocalDate.MAX, LocalDate.MIN, Set.of()));
        assertThat(SimulatorMain.Options.parse(new String[] {"--port=0"}).seed())
                .isEqualTo(Cohort.DEFAULT_SEED);
    }

    @Test
    void real_list_is_a_flag_without_a_value_and_combines_with_as_of() {
        SimulatorMain.Options options =
                SimulatorMain.Options.parse(new String[] {"--real-list", "--port", "0", "--as-of", "2025-03-27"});

        assertThat(options.realList()).isTrue();
        assertThat(options.asOf()).isEqualTo(LocalDate.of(2025, 3, 27));
        assertThat(SimulatorMain.Options.parse(new String[] {"--port", "0"}).realList())
                .isFalse();
    }

    @Test
    void run_with_real_list_serves_the_real_list_as_of_the_day_given() {
        try (UniversitySimulator simulator =
                SimulatorMain.run(new String[] {"--port", "0", "--real-list", "--as-of", "2025-03-27"})) {
            assertThat(simulator.today()).isEqualTo(LocalDate.of(2025, 3, 27));
            // The snapshot's last row: B.Tech IV Year I Semester (R18) Regular, 27-MAR-2025.
            assertThat(simulator
                            .cohort()
                            .exam(Programme.BTECH, "1858")
                            .orElseThrow()
                            .title())
                    .isEqualTo("B.Tech IV Year I Semester (R18) Regular Examinations Results");
            assertThat(simulator.cohort().students()).anyMatch(s -> s.programme() == Programme.MBA);
        }
    }

    @Test
    void bad_options_are_named_in_the_error() {
        assertThatThrownBy(() -> SimulatorMain.Options.parse(new String[] {})).hasMessageContaining("--port");
        assertThatThrownBy(() -> SimulatorMain.Options.parse(new String[] {"--port", "x"}))
                .hasMessageContaining("--port");
        assertThatThrownBy(() -> SimulatorMain.Options.parse(new String[] {"--port", "1", "--speed", "2"}))
                .hasMessageContaining("--speed");
        assertThatThrownBy(() -> SimulatorMain.Options.parse(new String[] {"--port"}))
                .hasMessageContaining("needs a value");
    }

    @Test
    void run_starts_a_simulator_and_prints_where_it_listens() {
        try (UniversitySimulator simulator = SimulatorMain.run(new String[] {"--port", "0"})) {
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            SimulatorMain.describe(simulator, new PrintStream(printed, true, StandardCharsets.UTF_8));

            assertThat(simulator.cohort().seed()).isEqualTo(Cohort.DEFAULT_SEED);
            assertThat(printed.toString(StandardCharsets.UTF_8))
                    .contains(simulator.baseUrl().toString(), "NO_RESULT", "FOUR_COLUMN", "/resultAction?");
        }
    }

    @Test
    void without_as_of_the_site_starts_on_the_cohorts_latest_day_and_names_the_admin_request() {
        try (UniversitySimulator simulator = SimulatorMain.run(new String[] {"--port", "0"})) {
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            SimulatorMain.describe(simulator, new PrintStream(printed, true, StandardCharsets.UTF_8));

            assertThat(simulator.today()).isEqualTo(SharedCohort.DEFAULT.latestDay());
            assertThat(printed.toString(StandardCharsets.UTF_8))
                    .contains(
                            simulator.baseUrl() + "/admin/date?day=",
                            simulator.today().toString());
            assertThat(SimulatorMain.USAGE).contains("/admin/date");
        }
    }
}
