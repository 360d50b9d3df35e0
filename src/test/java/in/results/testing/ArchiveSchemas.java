package in.results.testing;

import in.results.archive.ArchiveDatabase;
import org.flywaydb.core.Flyway;

/** The archive's schema as an older build left it: its SQL migrations up to a version, none after. */
public final class ArchiveSchemas {
    private ArchiveSchemas() {}

    /** Applies the SQL migrations of {@code database} up to {@code version}, at most 6 (7 is Java, the archive's). */
    public static void migrateTo(ArchiveDatabase database, String version) {
        // Migration 7 is Java (archive.SubjectCreditsFromPages), registered by the archive itself: a schema past 6
        // made here would lack it, and the archive would refuse the database.
        if (Integer.parseInt(version) >= 7) {
            throw new IllegalArgumentException("only up to migration 6 can be made without the archive: " + version);
        }
        Flyway.configure()
                .dataSource(database.jdbcUrl(), database.user(), database.password())
                .locations("classpath:db/migration")
                .target(version)
                .load()
                .migrate();
    }
}
