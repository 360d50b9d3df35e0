package in.results.archive;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import in.results.config.DatabaseAddress;
import in.results.config.ServiceConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Which database holds the archive, as data: the embedded SQLite file {@value #FILE} in the data folder (one
 * instance), or a fleet's PostgreSQL. Both run the same statements and migrations; they differ in how they are
 * reached and how many connections serve reads.
 *
 * @param kind      {@code embedded} or {@code postgresql}, as {@code /health} names it
 * @param jdbcUrl   the driver's URL
 * @param user      "" for none
 * @param password  "" for none
 * @param readers   threads (and connections) serving reads; one more connection writes
 */
public record ArchiveDatabase(String kind, String jdbcUrl, String user, String password, int readers) {
    /** The embedded archive's file name in the data folder. */
    public static final String FILE = "archive.db";

    private static final String EMBEDDED = "embedded";
    private static final String SQLITE_URL = "jdbc:sqlite:";

    public ArchiveDatabase {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
    }

    /** The database {@code config} names: PostgreSQL when {@code RESULTS_DATABASE_URL} is set, else the embedded file. */
    public static ArchiveDatabase of(ServiceConfig config) {
        return config.databaseUrl().isEmpty()
                ? embedded(config.dataDir())
                : postgresql(DatabaseAddress.parse(config.databaseUrl()));
    }

    /** The SQLite file in {@code dataDir}, created with the folder when missing. */
    public static ArchiveDatabase embedded(Path dataDir) {
        return new ArchiveDatabase(
                EMBEDDED, SQLITE_URL + dataDir.toAbsolutePath().resolve(FILE), "", "", 4);
    }

    /** The PostgreSQL database at {@code address}. */
    public static ArchiveDatabase postgresql(DatabaseAddress address) {
        return new ArchiveDatabase("postgresql", address.jdbcUrl(), address.user(), address.password(), 4);
    }

    /** Creates the embedded file's folder; nothing for PostgreSQL. */
    void prepare() {
        if (isEmbedded()) {
            Path folder = Path.of(jdbcUrl.substring(SQLITE_URL.length())).getParent();
            try {
                Files.createDirectories(folder);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the data folder " + folder, e);
            }
        }
    }

    /**
     * The connection pool; it opens no connection now (start-up does not wait for the database). Obtaining a
     * connection waits at most {@code timeout} (at least the pool's 250 ms floor).
     */
    HikariDataSource pool(Duration timeout) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("archive");
        config.setJdbcUrl(jdbcUrl);
        if (!user.isEmpty()) {
            config.setUsername(user);
        }
        if (!password.isEmpty()) {
            config.setPassword(password);
        }
        config.setMaximumPoolSize(readers + 1);
        config.setMinimumIdle(0);
        config.setInitializationFailTimeout(-1);
        config.setConnectionTimeout(Math.max(250, timeout.toMillis()));
        config.setValidationTimeout(250);
        if (isEmbedded()) {
            // WAL: reads go on while the writer writes; NORMAL: durable at each checkpoint, not at every commit.
            config.addDataSourceProperty("journal_mode", "WAL");
            config.addDataSourceProperty("synchronous", "NORMAL");
            config.addDataSourceProperty("busy_timeout", "5000");
            // A transaction takes the write lock when it begins, waiting for it (busy_timeout) behind another writer:
            // a transaction that read first and then writes would otherwise fail at once (SQLITE_BUSY_SNAPSHOT) when
            // the archive's writer or another alert write committed in between. Reads outside transactions are not
            // affected.
            config.addDataSourceProperty("transaction_mode", "IMMEDIATE");
        } else {
            // A connection attempt and any statement end: a database that stopped answering is a miss, not a hang.
            config.addDataSourceProperty("connectTimeout", "2");
            config.addDataSourceProperty("socketTimeout", "10");
        }
        return new HikariDataSource(config);
    }

    private boolean isEmbedded() {
        return kind.equals(EMBEDDED);
    }

    @Override
    public String toString() {
        return "ArchiveDatabase[" + kind + ", " + jdbcUrl + "]";
    }
}
