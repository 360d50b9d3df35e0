package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.config.AlertSettings;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SubscriptionLimitsTest {
    private static final Instant NOW = Instant.parse("2024-01-15T10:00:00Z");
    /** The defaults: 1000 per client and hour, 2 per client and hall ticket, 20 per hall ticket, 100,000 in all. */
    private static final SubscriptionLimits DEFAULTS = new SubscriptionLimits(AlertSettings.defaults());

    @Test
    void a_client_holding_two_places_of_a_hall_ticket_is_refused_a_third_naming_the_limit() {
        assertThatThrownBy(() -> DEFAULTS.check(counts(2, 2, 2), NOW))
                .isInstanceOf(LimitReached.class)
                .hasMessage("One client may hold at most 2 subscriptions of a hall ticket, and this client holds"
                        + " them; end one to make another.");
    }

    @Test
    void a_hall_ticket_with_every_place_taken_by_others_is_refused_without_saying_how_many_others_hold() {
        // 19 places held by others, 1 by this client: the message names the limit (20) and nothing of the others
        assertThatThrownBy(() -> DEFAULTS.check(counts(1, 20, 1), NOW))
                .isInstanceOf(LimitReached.class)
                .hasMessage("A hall ticket may have at most 20 subscriptions, and this one has no place left; retry"
                        + " later.")
                .message()
                .doesNotContain("19");
    }

    @Test
    void a_client_with_one_place_of_a_hall_ticket_with_places_left_may_subscribe() {
        assertThatCode(() -> DEFAULTS.check(counts(1, 19, 1), NOW)).doesNotThrowAnyException();
    }

    @Test
    void the_hourly_limit_says_when_the_oldest_of_the_hour_leaves_it() {
        // the oldest of the hour made 59 min 30 s ago leaves the hour in 30 s; one more second for the rounding
        SubscriptionStore.Counts counts = new SubscriptionStore.Counts(1000, NOW.minusSeconds(3570), 1, 1, 1000);

        assertThatThrownBy(() -> DEFAULTS.check(counts, NOW))
                .isInstanceOfSatisfying(
                        LimitReached.class,
                        e -> org.assertj.core.api.Assertions.assertThat(e.retryAfterSeconds())
                                .isEqualTo(31));
    }

    private static SubscriptionStore.Counts counts(int byClient, int byHallTicket, int byHallTicketClient) {
        return new SubscriptionStore.Counts(byClient, NOW.minusSeconds(60), byHallTicket, byHallTicketClient, 100);
    }
}
