package in.results.bench;

import in.results.archive.ArchiveDatabase;
import in.results.config.DatabaseAddress;
import in.results.scrape.PageText;
import in.results.scrape.ResultPage;
import in.results.scrape.ResultPageParser;
import in.results.testing.DataFolders;
import in.results.testing.PostgresServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;

/** What the archive's benchmarks share: both kinds of database in turn, and a real result page to fill them with. */
final class BenchDatabases {
    private static final String FIXTURE = "/upstream/result-7col-r18-2-1-exam1560.html";

    private BenchDatabases() {}

    /** A step measured on one database. */
    interface Measure {
        void on(ArchiveDatabase database) throws Exception;
    }

    /** Runs {@code measure} on a fresh embedded SQLite file, then on a fresh PostgreSQL server; both removed after. */
    static void eachKind(Measure measure) throws Exception {
        Path folder = DataFolders.fresh();
        try {
            measure.on(ArchiveDatabase.embedded(folder));
        } finally {
            DataFolders.delete(folder);
        }
        try (PostgresServer postgres = PostgresServer.start()) {
            measure.on(ArchiveDatabase.postgresql(DatabaseAddress.parse(postgres.url())));
        }
    }

    /** The real 7-column result page of exam 1560 (R18 2-1), parsed. */
    static ResultPage fixturePage() {
        try (InputStream in = Objects.requireNonNull(BenchDatabases.class.getResourceAsStream(FIXTURE), FIXTURE)) {
            return ResultPageParser.parse(PageText.decode(in.readAllBytes(), null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
