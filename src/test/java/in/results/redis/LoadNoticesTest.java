package in.results.redis;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.core.LookupFailure;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The end of another instance's load reaches the waiters of that key only; unknown messages are ignored. */
class LoadNoticesTest {
    private final LoadNotices notices = new LoadNotices();

    @Test
    void a_stored_message_wakes_the_waiters_of_its_key_only() {
        try (var mine = notices.register("results:exam:k1");
                var other = notices.register("results:exam:k2")) {
            notices.deliver(LoadNotices.storedMessage("results:exam:k1"));

            assertThat(mine.await(Duration.ofSeconds(1))).isEqualTo(new LoadNotices.Notice.Stored());
            assertThat(other.await(Duration.ZERO)).isEqualTo(new LoadNotices.Notice.Silent());
        }
    }

    @Test
    void a_failure_carries_its_kind_and_reason() {
        try (var waiter = notices.register("results:transcript:189A1A0501")) {
            notices.deliver(LoadNotices.failedMessage(
                    "results:transcript:189A1A0501", LookupFailure.Kind.UNAVAILABLE, "both hosts timed out"));

            assertThat(waiter.await(Duration.ofSeconds(1)))
                    .isEqualTo(new LoadNotices.Notice.Failed(LookupFailure.Kind.UNAVAILABLE, "both hosts timed out"));
        }
    }

    @Test
    void unknown_messages_and_kinds_are_ignored_and_a_closed_waiter_hears_nothing() {
        var closed = notices.register("k");
        closed.close();
        try (var waiter = notices.register("k")) {
            notices.deliver("something else k");
            notices.deliver("failed:NEW_KIND k why");
            notices.deliver("");

            assertThat(waiter.await(Duration.ofMillis(10))).isEqualTo(new LoadNotices.Notice.Silent());
        }
        assertThat(closed.await(Duration.ZERO)).isEqualTo(new LoadNotices.Notice.Silent());
    }
}
