package in.results.lookup;

import in.results.catalog.Course;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.ReleaseKind;
import in.results.catalog.Semester;
import in.results.core.HallTicket;
import java.time.LocalDate;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which releases of one course (programme and regulation) can hold a result of a hall ticket, semester by semester. Two rules, each
 * of which can only drop releases that cannot hold a result of the student:
 * <ol>
 *   <li><b>Batch year.</b> A student admitted in year Y (lateral entry: the hall ticket carries the year they
 *       joined the second year, so Y is that year minus one) sits semester (y, s) for the first time in the
 *       academic year starting in Y + y − 1, whose results appear from 1 January of Y + y on; delays (COVID,
 *       detention) only move results later. Lateral-entry students have no first-year results.</li>
 *   <li><b>Semester order.</b> A student sits a semester's regular exam only after the previous semester's
 *       regular exam, which is itself no earlier than the first regular release of that semester the student
 *       could sit. So no result of semester k is dated before that release of semester k − 1.</li>
 * </ol>
 * Releases of unknown date (R18 codes known only from the built-in table) are never dropped and set no bound.
 *
 * <p>A batch's own regular exam of a semester is found by these dates, never by a code: R22 has one Regular code
 * per batch for the same semester (1-1: 1662 for 2022, 1763 for 2023, 1851 for 2024), and the first regular release
 * left in the window is the one the batch sat. Detained students sit a later one, which stays in the window.
 */
final class AttemptWindow {
    private final Map<Semester, List<ExamRelease>> possible = new EnumMap<>(Semester.class);

    private final Course course;

    AttemptWindow(HallTicket hallTicket, ExamCatalog catalog, Course course) {
        this.course = course;
        boolean lateralEntry = hallTicket.isLateralEntry();
        Optional<LocalDate> previousRegular = Optional.empty();
        for (Semester semester : course.semesters()) {
            if (lateralEntry && semester.year() == 1) {
                possible.put(semester, List.of());
                continue;
            }
            LocalDate batchBound = semester.firstResultsOf(hallTicket);
            LocalDate bound =
                    previousRegular.filter(date -> date.isAfter(batchBound)).orElse(batchBound);
            List<ExamRelease> releases = catalog.releases(course, semester).stream()
                    .filter(release -> release.releasedOn()
                            .map(date -> !date.isBefore(bound))
                            .orElse(true))
                    .toList();
            possible.put(semester, releases);
            previousRegular = releases.stream()
                    .filter(release -> release.kind() == ReleaseKind.REGULAR)
                    .findFirst()
                    .flatMap(ExamRelease::releasedOn);
        }
    }

    /** The course the window is of. */
    Course course() {
        return course;
    }

    /** The course's semesters, in the order a student sits them. */
    List<Semester> semesters() {
        return course.semesters();
    }

    /**
     * The releases of {@code semester} (in catalog order: chronological) that may hold a result of the student; empty
     * for a semester the course does not have.
     */
    List<ExamRelease> possible(Semester semester) {
        return possible.getOrDefault(semester, List.of());
    }

    /** The regular releases among {@link #possible}, earliest first: the first is the batch's most likely one. */
    List<ExamRelease> possibleRegular(Semester semester) {
        return possible(semester).stream()
                .filter(release -> release.kind() == ReleaseKind.REGULAR)
                .toList();
    }
}
