package in.results.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigReaderTest {

    @Test
    void defaults_are_those_of_design_section_6() {
        ServiceConfig config = ConfigReader.read(List.of(), Map.of());

        assertThat(config.port()).isEqualTo(8080);
        assertThat(config.upstreamUrls())
                .containsExactly(URI.create("http://results.jntuh.ac.in"), URI.create("http://202.63.105.184/results"));
        assertThat(config.upstreamConcurrency()).isEqualTo(32);
        assertThat(config.upstreamTimeout()).isEqualTo(Duration.ofMillis(10_000));
        assertThat(config.upstreamRequestsPerSecond()).isEqualTo(100);
        assertThat(config.redisUrl()).isEmpty();
        assertThat(config.redisPrefix()).isEqualTo("results:");
        assertThat(config.redisTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(config.bulkMaxRange()).isEqualTo(360);
        assertThat(config.rateLimitPerMinute()).isEqualTo(120);
        assertThat(config.trustedProxies().entries()).isEmpty();
        assertThat(config.requestDeadline()).isEqualTo(Duration.ofSeconds(20));
        assertThat(config.corsOrigins()).containsExactly("*");
        assertThat(config.listRefresh()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.warmUp()).isEqualTo(Duration.ofSeconds(15));
        assertThat(config.demo()).isEqualTo(DemoWorld.NONE);
    }

    @Test
    void the_warm_up_of_a_new_list_may_be_turned_off_and_lasts_a_minute_at_most() {
        assertThat(ConfigReader.read(List.of(), Map.of("RESULTS_WARMUP_SECONDS", "0"))
                        .warmUp())
                .isZero();
        assertThat(ConfigReader.read(List.of(), Map.of("RESULTS_WARMUP_SECONDS", "60"))
                        .warmUp())
                .isEqualTo(Duration.ofMinutes(1));
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_WARMUP_SECONDS", "61")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_WARMUP_SECONDS");
    }

    @Test
    void reading_ahead_plans_ten_thousand_students_at_most_by_default_and_zero_plans_none() {
        assertThat(ConfigReader.read(List.of(), Map.of()).readAheadMax()).isEqualTo(10_000);
        assertThat(ConfigReader.read(List.of(), Map.of("RESULTS_READ_AHEAD_MAX", "0"))
                        .readAheadMax())
                .isZero();
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_READ_AHEAD_MAX", "-1")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_READ_AHEAD_MAX");
    }

    @Test
    void cors_origins_are_any_none_or_a_list_of_origins_in_lower_case() {
        assertThat(ConfigReader.read(List.of(), Map.of("RESULTS_CORS_ORIGINS", "*"))
                        .corsOrigins())
                .containsExactly("*");
        assertThat(ConfigReader.read(List.of(), Map.of("RESULTS_CORS_ORIGINS", "none"))
                        .corsOrigins())
                .isEmpty();
        assertThat(ConfigReader.read(
                                List.of(),
                                Map.of("RESULTS_CORS_ORIGINS", "https://Results.Example.com, http://localhost:3000"))
                        .corsOrigins())
                .containsExactly("https://results.example.com", "http://localhost:3000");
    }

    @Test
    void a_cors_origin_with_a_path_or_without_a_scheme_is_refused_naming_the_setting() {
        for (String bad : List.of(
                "https://example.com/",
                "example.com",
                "https://example.com/app",
                "*, https://a.test",
                "ftp://example.com",
                ",")) {
            assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_CORS_ORIGINS", bad)))
                    .as(bad)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("RESULTS_CORS_ORIGINS");
        }
    }

    @Test
    void environment_and_flags_are_read_and_flags_win() {
        ServiceConfig config = ConfigReader.read(
                List.of("--port", "9090", "--demo"),
                Map.of(
                        "RESULTS_PORT",
                        "7000",
                        "RESULTS_UPSTREAM_URLS",
                        "http://a.test/, http://b.test/results",
                        "RESULTS_UPSTREAM_CONCURRENCY",
                        "8",
                        "RESULTS_RATE_LIMIT_PER_MINUTE",
                        "0",
                        "RESULTS_TRUSTED_PROXIES",
                        "10.0.0.1, ::1",
                        "RESULTS_REQUEST_DEADLINE_MS",
                        "1500",
                        "RESULTS_UPSTREAM_RPS",
                        "20"));

        assertThat(config.port()).isEqualTo(9090);
        assertThat(config.upstreamUrls())
                .containsExactly(URI.create("http://a.test"), URI.create("http://b.test/results"));
        assertThat(config.upstreamConcurrency()).isEqualTo(8);
        assertThat(config.rateLimitPerMinute()).isZero();
        assertThat(config.trustedProxies().entries()).containsExactlyInAnyOrder("10.0.0.1", "::1");
        assertThat(config.requestDeadline()).isEqualTo(Duration.ofMillis(1500));
        assertThat(config.upstreamRequestsPerSecond()).isEqualTo(20);
        assertThat(config.demo()).isEqualTo(DemoWorld.SYNTHETIC);
    }

    @Test
    void real_list_chooses_the_demo_university_and_needs_demo() {
        assertThat(ConfigReader.read(List.of("--demo", "--real-list"), Map.of()).demo())
                .isEqualTo(DemoWorld.REAL_LIST);
        assertThatThrownBy(() -> ConfigReader.read(List.of("--real-list"), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("--demo");
    }

    @Test
    void an_upstream_budget_of_zero_means_unlimited_and_is_accepted() {
        ServiceConfig config = ConfigReader.read(List.of(), Map.of("RESULTS_UPSTREAM_RPS", "0"));

        assertThat(config.upstreamRequestsPerSecond()).isZero();
    }

    @Test
    void bad_values_name_the_setting() {
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_PORT", "eighty")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_PORT");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_UPSTREAM_CONCURRENCY", "0")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_UPSTREAM_CONCURRENCY");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_UPSTREAM_RPS", "-1")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_UPSTREAM_RPS");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_UPSTREAM_RPS", "fast")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_UPSTREAM_RPS");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_UPSTREAM_URLS", "ftp://x")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_UPSTREAM_URLS");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_REDIS_URL", "localhost:6379")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_REDIS_URL");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_TRUSTED_PROXIES", "proxy.local")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_TRUSTED_PROXIES");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_REQUEST_DEADLINE_MS", "-1")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_REQUEST_DEADLINE_MS");
        assertThatThrownBy(() -> ConfigReader.read(List.of("--port"), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("--port");
        assertThatThrownBy(() -> ConfigReader.read(List.of("--bogus"), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("--bogus");
    }

    @Test
    void redis_urls_with_tls_credentials_and_a_database_are_accepted() {
        for (String url : List.of(
                "redis://127.0.0.1:6379",
                "rediss://cache.example:6380",
                "redis://localhost",
                "redis://user:s3cret@10.0.0.5:6379/2",
                "rediss://:s3cret@cache.example:6380/0")) {
            assertThat(ConfigReader.read(List.of("--redis", url), Map.of()).redisUrl())
                    .isEqualTo(url);
        }
        ServiceConfig config = ConfigReader.read(
                List.of(),
                Map.of(
                        "RESULTS_REDIS_URL",
                        "redis://r:6379",
                        "RESULTS_REDIS_PREFIX",
                        "staging:",
                        "RESULTS_REDIS_TIMEOUT_MS",
                        "250"));

        assertThat(config.redisPrefix()).isEqualTo("staging:");
        assertThat(config.redisTimeout()).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void bad_redis_settings_name_the_setting_and_never_echo_a_password() {
        for (String url : List.of("http://r:6379", "r:6379", "redis://", "redis://user:s3cret@r:6379/zero")) {
            assertThatThrownBy(() -> ConfigReader.read(List.of("--redis", url), Map.of()))
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("RESULTS_REDIS_URL")
                    .hasMessageNotContaining("s3cret");
        }
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_REDIS_PREFIX", "has space:")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_REDIS_PREFIX");
        assertThatThrownBy(() -> ConfigReader.read(List.of(), Map.of("RESULTS_REDIS_TIMEOUT_MS", "0")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("RESULTS_REDIS_TIMEOUT_MS");
    }

    @Test
    void a_promotion_rules_file_that_is_missing_or_breaks_a_rule_is_refused_naming_the_setting(@TempDir Path folder)
            throws IOException {
        Path breaking = Files.writeString(folder.resolve("rules.json"), """
                {"rules": [
                  {"degree": "btech", "regulation": "R18", "entry": "regular", "into": "2-1", "required": 38,
                   "offered": 37, "confirmed": true, "source": "a test"},
                  {"degree": "btech", "regulation": "R18", "entry": "regular", "into": "degree", "required": 160,
                   "offered": 160, "confirmed": true, "source": "a test"}]}
                """);

        for (Path file : List.of(breaking, folder.resolve("missing.json"))) {
            assertThatThrownBy(
                            () -> ConfigReader.read(List.of(), Map.of("RESULTS_PROMOTION_RULES_FILE", file.toString())))
                    .as(file.toString())
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("RESULTS_PROMOTION_RULES_FILE")
                    .hasMessageContaining(file.toString());
        }
        assertThatThrownBy(
                        () -> ConfigReader.read(List.of(), Map.of("RESULTS_PROMOTION_RULES_FILE", breaking.toString())))
                .hasMessageContaining("38")
                .hasMessageContaining("37");
    }
}
