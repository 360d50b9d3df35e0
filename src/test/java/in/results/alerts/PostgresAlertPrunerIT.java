package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.archive.ArchiveDatabase;
import in.results.config.DatabaseAddress;
import in.results.testing.PostgresServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The pruning of result alerts in a real PostgreSQL, as a fleet keeps them: one empty database per test. */
class PostgresAlertPrunerIT extends AlertPrunerContract {
    private static PostgresServer postgres;
    private String url;

    @BeforeAll
    static void startPostgres() {
        postgres = PostgresServer.start();
    }

    @AfterAll
    static void stopPostgres() {
        postgres.close();
    }

    @Override
    @BeforeEach
    void openArchive() {
        url = postgres.newDatabase();
        super.openArchive();
    }

    @Override
    ArchiveDatabase database() {
        return ArchiveDatabase.postgresql(DatabaseAddress.parse(url));
    }

    @Test
    void two_instances_pruning_one_database_at_once_leave_the_work_to_one() throws Exception {
        // given twenty old events, each delivered, and two instances (each its own connections) on the database
        subscribe("sub_a", STUDENT);
        for (int i = 0; i < 20; i++) {
            told(STUDENT, "btech/" + (1700 + i) + "/regular", start, Map.of("sub_a", Outcome.DELIVERED));
        }
        ticker.advance(Duration.ofDays(31));
        List<AlertPruner> pruners = List.of(pruner(archive, "instance-a", 1), pruner(opened(), "instance-b", 1));

        // when both start a pass at the same moment, one row per batch
        CyclicBarrier together = new CyclicBarrier(2);
        List<Optional<AlertPruner.Pruned>> passes;
        try (ExecutorService threads = Executors.newFixedThreadPool(2)) {
            List<Future<Optional<AlertPruner.Pruned>>> running = pruners.stream()
                    .map(pruner -> threads.submit(() -> {
                        together.await();
                        return pruner.prune();
                    }))
                    .toList();
            passes = running.stream().map(PostgresAlertPrunerIT::result).toList();
        }

        // then one of them pruned every row, 20 batches of one and a last empty one; the other skipped its pass
        assertThat(passes).filteredOn(Optional::isEmpty).hasSize(1);
        AlertPruner.Pruned pruned =
                passes.stream().flatMap(Optional::stream).findFirst().orElseThrow();
        assertThat(pruned.deliveryBatches()).hasSize(21).containsOnly(1, 0).endsWith(0);
        assertThat(pruned.events()).isEqualTo(20);
        assertThat(events()).isEmpty();
        assertThat(deliveries()).isEmpty();
    }

    private static <T> T result(Future<T> pass) {
        try {
            return pass.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("a pass failed or did not end", e);
        }
    }
}
