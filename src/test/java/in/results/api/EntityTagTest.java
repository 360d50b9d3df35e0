package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EntityTagTest {
    private static final String TAG = EntityTag.of("{\"a\":1}".getBytes(StandardCharsets.UTF_8));

    @Test
    void a_tag_is_weak_and_depends_only_on_the_body() {
        assertThat(TAG).matches("W/\"[A-Za-z0-9_-]{22}\"");
        assertThat(EntityTag.of("{\"a\":1}".getBytes(StandardCharsets.UTF_8))).isEqualTo(TAG);
        assertThat(EntityTag.of("{\"a\":2}".getBytes(StandardCharsets.UTF_8))).isNotEqualTo(TAG);
    }

    @Test
    void if_none_match_compares_weakly_in_a_list_and_star_matches_everything() {
        String strong = TAG.substring(2);

        assertThat(EntityTag.matches(TAG, TAG)).isTrue();
        assertThat(EntityTag.matches(strong, TAG)).isTrue();
        assertThat(EntityTag.matches("W/\"other\", " + TAG, TAG)).isTrue();
        assertThat(EntityTag.matches("*", TAG)).isTrue();
        assertThat(EntityTag.matches("W/\"other\"", TAG)).isFalse();
        assertThat(EntityTag.matches("", TAG)).isFalse();
        assertThat(EntityTag.matches(null, TAG)).isFalse();
    }
}
