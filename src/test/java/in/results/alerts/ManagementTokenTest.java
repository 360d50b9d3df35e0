package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import org.junit.jupiter.api.Test;

class ManagementTokenTest {
    /** The bytes 0 to 31 in base64url without padding (the standard alphabet's text has no + or / here). */
    private static final String COUNTING_TOKEN = "subtok_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
    /** SHA-256 of {@link #COUNTING_TOKEN}'s bytes, from coreutils' sha256sum. */
    private static final String COUNTING_HASH = "4268669714ab98dd05c592366983ba71ca98da372be8d09be4e87eb1bfa4b8fe";

    @Test
    void a_token_is_subtok_and_32_random_bytes_in_base64url() {
        assertThat(ManagementToken.generate(new CountingRandom())).isEqualTo(COUNTING_TOKEN);
    }

    @Test
    void the_database_keeps_the_sha256_of_the_token_in_hex() {
        assertThat(ManagementToken.hashOf(COUNTING_TOKEN)).isEqualTo(COUNTING_HASH);
    }

    @Test
    void only_the_token_itself_matches_its_hash() {
        assertThat(ManagementToken.matches(COUNTING_TOKEN, COUNTING_HASH)).isTrue();
        assertThat(ManagementToken.matches(COUNTING_TOKEN + "A", COUNTING_HASH)).isFalse();
        assertThat(ManagementToken.matches(COUNTING_HASH, COUNTING_HASH)).isFalse(); // the hash is no token
        assertThat(ManagementToken.matches(null, COUNTING_HASH)).isFalse();
    }

    @Test
    void two_generated_tokens_differ() {
        SecureRandom random = new SecureRandom();

        assertThat(ManagementToken.generate(random)).isNotEqualTo(ManagementToken.generate(random));
    }

    /** Gives the bytes 0, 1, 2, … */
    private static final class CountingRandom extends SecureRandom {
        private static final long serialVersionUID = 1L;
        private int next;

        @Override
        public void nextBytes(byte[] bytes) {
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) next++;
            }
        }
    }
}
