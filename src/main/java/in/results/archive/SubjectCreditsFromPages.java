package in.results.archive;

import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Migration 7: fills {@code subject_credits} (made empty by migration 6) from the pages kept before it, so that the
 * what-if report knows a backlog's credits from the archive's old pages too, not only from pages read after an
 * upgrade. Runs once per database, in Flyway's transaction (and under its lock, so one instance of a fleet runs it);
 * it reads every found page once.
 */
final class SubjectCreditsFromPages implements JavaMigration {
    private static final Logger LOG = LoggerFactory.getLogger(SubjectCreditsFromPages.class);

    private final ArchiveRows rows;

    SubjectCreditsFromPages(ArchiveRows rows) {
        this.rows = rows;
    }

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("7");
    }

    @Override
    public String getDescription() {
        return "subject credits from kept pages";
    }

    @Override
    public Integer getChecksum() {
        return null;
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws Exception {
        long started = System.nanoTime();
        int subjects = rows.creditsFromKeptPages(context.getConnection());
        LOG.info(
                "archive: the credits of {} subjects filled from the kept pages in {} ms",
                subjects,
                (System.nanoTime() - started) / 1_000_000);
    }
}
