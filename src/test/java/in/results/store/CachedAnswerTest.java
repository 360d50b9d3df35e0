package in.results.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CachedAnswerTest {
    private static CachedAnswer<String> answer(CacheStatus status, Duration age, Duration freshLeft) {
        return new CachedAnswer<>(status.name(), status, age, freshLeft);
    }

    @Test
    void beside_a_stale_copy_the_whole_is_stale_with_the_copys_age_and_nothing_fresh_left() {
        CachedAnswer<String> stale = answer(CacheStatus.STALE, Duration.ofHours(30), Duration.ZERO);
        CachedAnswer<String> loaded = answer(CacheStatus.MISS, Duration.ZERO, Duration.ofSeconds(30));

        CachedAnswer<String> both = CachedAnswer.lessFreshOf(loaded, stale, "both");

        assertThat(both).isEqualTo(new CachedAnswer<>("both", CacheStatus.STALE, Duration.ofHours(30), Duration.ZERO));
        assertThat(CachedAnswer.lessFreshOf(stale, loaded, "both")).isEqualTo(both);
    }

    @Test
    void a_copy_from_the_store_beside_one_loaded_now_is_a_hit_fresh_while_both_are() {
        CachedAnswer<String> kept = answer(CacheStatus.HIT, Duration.ofMinutes(10), Duration.ofSeconds(12));
        CachedAnswer<String> loaded = answer(CacheStatus.MISS, Duration.ZERO, Duration.ofSeconds(30));

        CachedAnswer<String> both = CachedAnswer.lessFreshOf(loaded, kept, "both");

        assertThat(both)
                .isEqualTo(new CachedAnswer<>("both", CacheStatus.HIT, Duration.ofMinutes(10), Duration.ofSeconds(12)));
    }

    @Test
    void of_two_alike_the_older_gives_its_age_and_the_one_fresh_for_less_its_freshness() {
        CachedAnswer<String> older = answer(CacheStatus.STALE, Duration.ofDays(2), Duration.ZERO);
        CachedAnswer<String> newer = answer(CacheStatus.STALE, Duration.ofDays(1), Duration.ZERO);
        CachedAnswer<String> longer = answer(CacheStatus.HIT, Duration.ofMinutes(1), Duration.ofSeconds(29));
        CachedAnswer<String> shorter = answer(CacheStatus.HIT, Duration.ofSeconds(5), Duration.ofSeconds(3));

        assertThat(CachedAnswer.lessFreshOf(newer, older, "x").age()).isEqualTo(Duration.ofDays(2));
        assertThat(CachedAnswer.lessFreshOf(older, newer, "x").age()).isEqualTo(Duration.ofDays(2));
        assertThat(CachedAnswer.lessFreshOf(longer, shorter, "x"))
                .isEqualTo(new CachedAnswer<>("x", CacheStatus.HIT, Duration.ofMinutes(1), Duration.ofSeconds(3)));
    }
}
