package in.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.archive.Archive;
import in.results.archive.ArchiveDatabase;
import in.results.archive.ArchivedAnswer;
import in.results.archive.PageKey;
import in.results.archive.SeenReleases;
import in.results.config.ConfigReader;
import in.results.config.ServiceConfig;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.testing.RedisServer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code results-service forget <hallticket>}: one student's archive rows and shared copies go, nobody else's. */
class ForgetIT {
    private static final HallTicket FORGOTTEN = new HallTicket("189A1A0501");
    private static final HallTicket KEPT = new HallTicket("189A1A0502");

    @TempDir
    Path dataDir;

    @Test
    void forget_removes_the_students_archive_rows_and_shared_copies_and_nothing_else() {
        try (RedisServer redis = RedisServer.start()) {
            ServiceConfig config =
                    ConfigReader.read(List.of("--data-dir", dataDir.toString(), "--redis", redis.url()), Map.of());
            try (Archive archive = Archive.open(ArchiveDatabase.of(config), Duration.ofSeconds(1), Clock.systemUTC())) {
                for (HallTicket student : List.of(FORGOTTEN, KEPT)) {
                    archive.keep(
                            new PageKey(student, "btech", "1605", false), new ArchivedAnswer.NoResult(Instant.now()));
                    archive.recordLookup(student, "R18", new SeenReleases(Set.of("1605")), Map.of());
                }
                await().atMost(Duration.ofSeconds(10))
                        .until(() -> archive.stats().writes() == 4);
            }
            for (String key : List.of(
                    "results:exam:189A1A0501:btech:1605:r17:intgrade:null",
                    "results:exam:189A1A0501:btech:1606:r17:rcrvintgrade:gradercrv",
                    "results:transcript:R18:189A1A0501",
                    "results:exam:189A1A0502:btech:1605:r17:intgrade:null",
                    "results:transcript:R18:189A1A0502")) {
                redis.command("SET", key, "{}");
            }

            String said = Forget.forget(FORGOTTEN, config);

            assertThat(said).isEqualTo("forgot 189A1A0501: 2 archive rows, 3 Redis keys");
            assertThat(redis.command("KEYS", "*").lines().sorted().toList())
                    .containsExactly(
                            "results:exam:189A1A0502:btech:1605:r17:intgrade:null",
                            "results:transcript:R18:189A1A0502");
            try (Archive archive = Archive.open(ArchiveDatabase.of(config), Duration.ofSeconds(1), Clock.systemUTC())) {
                await().atMost(Duration.ofSeconds(10))
                        .until(() -> archive.health().reachable());
                Deadline soon = Deadline.after(Duration.ofSeconds(5), Ticker.systemTicker());
                assertThat(archive.student(FORGOTTEN, "R18", soon).pages()).isEmpty();
                assertThat(archive.student(FORGOTTEN, "R18", soon).seen()).isEqualTo(SeenReleases.NONE);
                assertThat(archive.student(KEPT, "R18", soon).pages()).hasSize(1);
                assertThat(archive.student(KEPT, "R18", soon).seen().releases()).containsExactly("1605");
            }
        }
    }
}
