package in.results;

import in.results.archive.Archive;
import in.results.archive.ArchiveDatabase;
import in.results.catalog.Course;
import in.results.config.ServiceConfig;
import in.results.core.HallTicket;
import in.results.lookup.AllSemestersLookup.TranscriptKey;
import in.results.redis.SharedCopies;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code results-service forget <hallticket>}: removes one student's records — every page and lookup record in the
 * archive the configuration names, with the student's result alerts, in one transaction (all or nothing), and, with
 * {@code RESULTS_REDIS_URL}, the fleet's shared copies of the student's answers. Copies a running instance holds in its
 * own memory are not reached, and an instance of a fleet puts its copy back into Redis when it finds the key gone: run
 * it while every instance is stopped (docs/operations.md).
 */
final class Forget {
    /** How long the command waits for the archive's database. */
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private Forget() {}

    /** Removes the records of {@code hallTicket}; returns what was removed, as a sentence. */
    static String forget(HallTicket hallTicket, ServiceConfig config) {
        int rows;
        try (Archive archive = Archive.open(ArchiveDatabase.of(config), PATIENCE, Clock.systemUTC())) {
            rows = archive.forget(hallTicket, PATIENCE);
        }
        String removed = rows + " archive rows";
        if (!config.redisUrl().isEmpty()) {
            removed += ", " + forgetSharedCopies(hallTicket, config) + " Redis keys";
        }
        return "forgot " + hallTicket.value() + ": " + removed;
    }

    /** Deletes the student's exam answers and transcripts from Redis; the number of keys deleted. */
    private static long forgetSharedCopies(HallTicket hallTicket, ServiceConfig config) {
        RedisClient client = RedisClient.create(config.redisUrl());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            RedisCommands<String, String> redis = connection.sync();
            List<String> keys = new ArrayList<>();
            ScanArgs exams = ScanArgs.Builder.matches(
                            config.redisPrefix() + "exam:" + SharedCopies.part(hallTicket.value()) + ":*")
                    .limit(1000);
            KeyScanCursor<String> cursor = redis.scan(exams);
            keys.addAll(cursor.getKeys());
            while (!cursor.isFinished()) {
                cursor = redis.scan(ScanCursor.of(cursor.getCursor()), exams);
                keys.addAll(cursor.getKeys());
            }
            for (Course course : Course.all()) {
                keys.add(config.redisPrefix() + "transcript:" + new TranscriptKey(course, hallTicket).text());
            }
            return redis.del(keys.toArray(String[]::new));
        } finally {
            client.shutdown();
        }
    }
}
