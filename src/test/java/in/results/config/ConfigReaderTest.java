package in.results.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigReaderTest {

    @Test
    void defaults_are_those_of_design_section_6() {
        ServiceConfig config = ConfigReader.read(List.of(), Map.of());

        assertThat(config.port()).isEqualTo(8080);
        assertThat(config.upstreamUrls()).containsExactly(
                URI.create("http://results.jntuh.ac.in"), URI.create("http://202.63.105.184/results"));
        assertThat(config.upstreamConcurrency()).isEqualTo(32);
        assertThat(config.upstreamTimeout()).isEqualTo(Duration.ofMillis(10_000));
        assertThat(config.upstreamRequestsPerSecond()).isEqualTo(100);
        assertThat(config.redisUrl()).isEmpty();
        assertThat(config.bulkMaxRange()).isEqualTo(360);
        assertThat(config.rateLimitPerMinute()).isEqualTo(120);
        assertThat(config.trustedProxies()).isEmpty();
        assertThat(config.requestDeadline()).isEqualTo(Duration.ofSeconds(20));
        assertThat(config.corsOrigins()).containsExactly("*");
        assertThat(config.demo()).isFalse();
    }

    @Test
    void cors_origins_are_any_none_or_a_list_of_origins_in_lower_case() {
        assertThat(ConfigReader.read(List.of(), Map.of("RESULTS_CORS_ORIGINS", "*")).corsOrigins()).containsExactly("*");
        assertThat(ConfigReader.read(List.of(), Map.of("RESULTS_CORS_ORIGINS", "none")).corsOrigins()).isEmpty();
        assertThat(ConfigReader.read(List.of(), Map.of("RESULTS_CORS_ORIGINS",
                "https://Results.Example.com, http://localhost:3000")).corsOrigins())
                .containsExactly("https://results.example.com", "http://localhost:3000");
    }

    @Test
    void a_cors_origin_with_a_path_or_without_a_scheme_is_refused_naming_the_setting() {
        for (String bad : List.of("https://example.com/", "example.com", "https://example.com/app", "*, https://a.test",
                "ftp://example.com", ",")) {
            assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_CORS_ORIGINS", bad)))
                    .as(bad).isInstanceOf(ConfigException.class).hasMessageContaining("RESULTS_CORS_ORIGINS");
        }
    }

    @Test
    void environment_and_flags_are_read_and_flags_win() {
        ServiceConfig config = ConfigReader.read(
                List.of("--port", "9090", "--demo"),
                Map.of("RESULTS_PORT", "7000", "RESULTS_UPSTREAM_URLS", "http://a.test/, http://b.test/results",
                        "RESULTS_UPSTREAM_CONCURRENCY", "8", "RESULTS_RATE_LIMIT_PER_MINUTE", "0",
                        "RESULTS_TRUSTED_PROXIES", "10.0.0.1, ::1", "RESULTS_REQUEST_DEADLINE_MS", "1500",
                        "RESULTS_UPSTREAM_RPS", "20"));

        assertThat(config.port()).isEqualTo(9090);
        assertThat(config.upstreamUrls()).containsExactly(URI.create("http://a.test"), URI.create("http://b.test/results"));
        assertThat(config.upstreamConcurrency()).isEqualTo(8);
        assertThat(config.rateLimitPerMinute()).isZero();
        assertThat(config.trustedProxies()).containsExactlyInAnyOrder("10.0.0.1", "::1");
        assertThat(config.requestDeadline()).isEqualTo(Duration.ofMillis(1500));
        assertThat(config.upstreamRequestsPerSecond()).isEqualTo(20);
        assertThat(config.demo()).isTrue();
    }

    @Test
    void an_upstream_budget_of_zero_means_unlimited_and_is_accepted() {
        ServiceConfig config = ConfigReader.read(List.of(), Map.of("RESULTS_UPSTREAM_RPS", "0"));

        assertThat(config.upstreamRequestsPerSecond()).isZero();
    }

    @Test
    void bad_values_name_the_setting() {
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_PORT", "eighty")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("RESULTS_PORT");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_UPSTREAM_CONCURRENCY", "0")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("RESULTS_UPSTREAM_CONCURRENCY");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_UPSTREAM_RPS", "-1")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("RESULTS_UPSTREAM_RPS");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_UPSTREAM_RPS", "fast")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("RESULTS_UPSTREAM_RPS");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_UPSTREAM_URLS", "ftp://x")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("RESULTS_UPSTREAM_URLS");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_REDIS_URL", "localhost:6379")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("RESULTS_REDIS_URL");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_TRUSTED_PROXIES", "proxy.local")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("RESULTS_TRUSTED_PROXIES");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_REQUEST_DEADLINE_MS", "-1")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("RESULTS_REQUEST_DEADLINE_MS");
        assertThatThrownBy(() -> ConfigReader.read(List.of("--port"), Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageContaining("--port");
        assertThatThrownBy(() -> ConfigReader.read(List.of("--bogus"), Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageContaining("--bogus");
    }
}
