package in.results.alerts;

import in.results.archive.ArchiveDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The pruning of result alerts in the embedded SQLite file, as a single instance keeps them. */
class EmbeddedAlertPrunerTest extends AlertPrunerContract {
    @TempDir
    Path dataDir;

    @Override
    ArchiveDatabase database() {
        return ArchiveDatabase.embedded(dataDir);
    }
}
