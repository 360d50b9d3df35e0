package in.results.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.core.Deadline;
import in.results.testing.ManualTicker;
import in.results.upstream.Priority;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunningLoadsTest {
    private final ManualTicker ticker = new ManualTicker();
    private final RunningLoads<String> loads = new RunningLoads<>(ticker);

    private RunningLoads.Load start(String key) {
        RunningLoads.Load load = loads.started(key, Deadline.after(Duration.ofMinutes(1), ticker), Priority.BULK);
        ticker.advance(Duration.ofMillis(10));
        return load;
    }

    @Test
    void a_caller_of_a_higher_priority_raises_the_running_load_and_a_lower_one_does_not_lower_it() {
        RunningLoads.Load load = start("student");

        loads.raise("student", Priority.ALERT);
        Priority afterAlert = load.currentPriority();
        loads.raise("student", Priority.BULK);
        Priority afterBulk = load.currentPriority();
        loads.raise("student", Priority.INTERACTIVE);
        loads.raise("other", Priority.INTERACTIVE);

        assertThat(afterAlert).isEqualTo(Priority.ALERT);
        assertThat(afterBulk).isEqualTo(Priority.ALERT);
        assertThat(load.currentPriority()).isEqualTo(Priority.INTERACTIVE);
    }

    @Test
    void a_key_without_a_running_load_has_no_expected_end() {
        RunningLoads.Load ended = start("done");
        loads.ended("done", ended);

        assertThat(loads.expectedEnd("done")).isEmpty();
        assertThat(loads.expectedEnd("never")).isEmpty();
    }

    @Test
    void without_loads_ending_lately_a_load_is_expected_by_its_own_deadline() {
        start("first");
        ticker.advance(Duration.ofSeconds(15));

        assertThat(loads.expectedEnd("first")).contains(Duration.ofSeconds(45).minusMillis(10));
    }

    @Test
    void a_load_is_expected_after_the_loads_started_before_it_at_the_pace_loads_ended_lately() {
        for (int i = 0; i < 5; i++) {
            loads.ended("ended " + i, start("ended " + i)); // five ended within the last ten seconds
        }
        start("older 1");
        start("older 2");
        start("older 3");
        start("mine");
        start("younger");

        // (3 ahead + itself) loads at 5 per 10 s is 8 s; a quarter more and a second: 11 s.
        assertThat(loads.expectedEnd("mine")).contains(Duration.ofSeconds(11));
        assertThat(loads.expectedEnd("older 1")).contains(Duration.ofMillis(3500));
    }

    @Test
    void ends_older_than_the_window_no_longer_set_the_pace() {
        loads.ended("old", start("old"));
        ticker.advance(RunningLoads.WINDOW.plusSeconds(1));
        RunningLoads.Load mine = start("mine");

        assertThat(loads.expectedEnd("mine")).contains(mine.deadline().remaining());
    }
}
