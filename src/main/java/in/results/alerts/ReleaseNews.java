package in.results.alerts;

import in.results.catalog.Course;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.StudentCourse;
import in.results.core.HallTicket;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.AttemptPage;
import in.results.lookup.Transcript;
import in.results.lookup.TranscriptAnswer;
import in.results.scrape.SubjectResult;
import java.util.List;
import java.util.Optional;

/**
 * What one release means for one student, as the dispatch decides it: whether the release could hold a result of
 * theirs (so that they are looked up at all), and which page of it, in a lookup's answer, is news to tell them. Pure
 * functions of the catalog and the answer; no I/O.
 */
final class ReleaseNews {
    private ReleaseNews() {}

    /** The page of {@code release} in the answer, when it is news: any regular or supplementary page, an RC/RV page that changes a grade. */
    static Optional<PublishedResult> newResult(
            TranscriptAnswer.Found found, HallTicket hallTicket, ExamRelease release) {
        Optional<AttemptPage> page = pageOf(found.pages(), release.code(), release.rcrv());
        if (page.isEmpty()) {
            return Optional.empty();
        }
        if (release.rcrv()) {
            Optional<AttemptPage> base = pageOf(found.pages(), release.code(), false);
            if (base.isPresent() && !changesGrade(page.get(), base.get())) {
                return Optional.empty();
            }
        }
        return found.transcript().semesters().stream()
                .filter(semester -> release.semester().equals(Optional.of(semester.semester())))
                .findFirst()
                .map(Transcript.SemesterRecord::sgpa)
                .map(sgpa -> new PublishedResult(hallTicket, page.get(), sgpa));
    }

    private static Optional<AttemptPage> pageOf(List<AttemptPage> pages, String code, boolean rcrv) {
        return pages.stream()
                .filter(page ->
                        page.release().code().equals(code) && page.release().rcrv() == rcrv)
                .findFirst();
    }

    /** Whether a row of the RC/RV page shows a grade other than the exam's own page did for that subject. */
    private static boolean changesGrade(AttemptPage rcrv, AttemptPage base) {
        for (SubjectResult row : rcrv.page().subjects()) {
            boolean same = base.page().subjects().stream()
                    .anyMatch(before ->
                            before.code().equals(row.code()) && before.grade().equals(row.grade()));
            if (!same) {
                return true;
            }
        }
        return false;
    }

    /** The student's course when {@code release} could hold a result of theirs; empty otherwise. */
    static Optional<Course> courseHolding(HallTicket hallTicket, ExamRelease release, ExamCatalog catalog) {
        if (StudentCourse.of(hallTicket) instanceof StudentCourse.Served served
                && served.course().holds(release)
                && AllSemestersLookup.couldHold(served.course(), hallTicket, catalog, release)) {
            return Optional.of(served.course());
        }
        return Optional.empty();
    }
}
