package in.results.results;

import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.upstream.HallTicket;
import java.time.LocalDate;
import java.util.List;

/**
 * Which releases can concern a hall ticket. A student admitted in year Y (for lateral entry, whose hall ticket
 * carries the year they joined the second year, Y is that year minus one) sits semester (y, s) for the first time
 * in the academic year that starts in Y + y − 1, whose results appear from 1 January of Y + y on; delays (COVID,
 * detention) only move results later. So a release dated before 1 January of Y + y cannot hold a result of
 * theirs, and lateral-entry students have none in the first year. Releases of unknown date are never skipped.
 */
final class AttemptWindow {
    private final int admissionYear;
    private final boolean lateralEntry;

    AttemptWindow(HallTicket hallTicket) {
        this.lateralEntry = hallTicket.isLateralEntry();
        this.admissionYear = 2000 + hallTicket.yearDigits() - (lateralEntry ? 1 : 0);
    }

    boolean mayHaveResults(Semester semester) {
        return !(lateralEntry && semester.year() == 1);
    }

    /** The releases (in catalog order) that may hold a result of this hall ticket in {@code semester}. */
    List<ExamRelease> possible(Semester semester, List<ExamRelease> releases) {
        if (!mayHaveResults(semester)) {
            return List.of();
        }
        LocalDate earliest = LocalDate.of(admissionYear + semester.year(), 1, 1);
        return releases.stream()
                .filter(release -> release.releasedOn().map(date -> !date.isBefore(earliest)).orElse(true))
                .toList();
    }
}
