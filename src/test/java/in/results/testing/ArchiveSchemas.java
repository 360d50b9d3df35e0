package in.results.testing;

import in.results.archive.ArchiveDatabase;
import org.flywaydb.core.Flyway;

/** The archive's schema as an older build left it: its SQL migrations up to a version, none after. */
public final class ArchiveSchemas {
    private ArchiveSchemas() {}

    /** Applies the SQL migrations of {@code database} up to {@code version} (the Java ones come later). */
    public static void migrateTo(ArchiveDatabase database, String version) {
        Flyway.configure()
                .dataSource(database.jdbcUrl(), database.user(), database.password())
                .locations("classpath:db/migration")
                .target(version)
                .load()
                .migrate();
    }
}
