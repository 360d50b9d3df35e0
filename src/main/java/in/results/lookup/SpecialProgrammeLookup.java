package in.results.lookup;

import in.results.archive.Archive;
import in.results.archive.ArchivedAnswer;
import in.results.archive.PageKey;
import in.results.catalog.Course;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.SpecialProgramme;
import in.results.core.Deadline;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.releases.CatalogSource;
import in.results.upstream.Priority;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A student's minor-degree results: the releases of the student's programme and regulation that belong to the minor
 * degree, which are never attempts of the degree's semesters (DEGREES.md). Asked apart from the all-semesters lookup,
 * so {@code /all} never asks them; {@code /attempts} and {@code /report} list them in a section of their own.
 *
 * <p>Which releases: those of the student's course whose semester (as the title names it) the batch could have
 * reached — released on or after 1 January of admission year + the semester's year, as {@link AttemptWindow} reads
 * it; undated built-in codes are kept. Each is asked once: every answer goes to the archive, and a kept answer is
 * reused by {@link ArchiveReuse}'s rules, a "no result" only when it was read on or after the release's date. An exam
 * that holds a result has its RC/RV page asked too, when the list shows one.
 */
public final class SpecialProgrammeLookup {
    private final CatalogSource catalog;
    private final ExamLookup exams;
    private final Archive archive;
    private final ArchiveReuse reuse;
    private final Executor executor;

    public SpecialProgrammeLookup(
            CatalogSource catalog, ExamLookup exams, Archive archive, Executor executor, Clock clock) {
        this.catalog = catalog;
        this.exams = exams;
        this.archive = archive;
        this.reuse = new ArchiveReuse(clock);
        this.executor = executor;
    }

    /**
     * The student's minor-degree pages (each exam with a result, then its RC/RV page when it has one), oldest release
     * first; empty when the course has no minor-degree releases the batch could have sat. Throws
     * {@link LookupFailure} when the university fails for one of them, or the deadline passes.
     */
    public List<AttemptPage> minorDegree(Course course, HallTicket hallTicket, Priority priority, Deadline deadline) {
        ExamCatalog current = catalog.current(deadline).catalog();
        List<CompletableFuture<List<AttemptPage>>> asked = new ArrayList<>();
        for (ExamRelease release : current.specialReleases(course, SpecialProgramme.MINOR_DEGREE)) {
            if (couldHold(release, hallTicket)) {
                asked.add(CompletableFuture.supplyAsync(
                        () -> pagesOf(current, release, hallTicket, priority, deadline), executor));
            }
        }
        List<AttemptPage> pages = new ArrayList<>();
        asked.forEach(future -> pages.addAll(deadline.await(future)));
        return List.copyOf(pages);
    }

    private static boolean couldHold(ExamRelease release, HallTicket hallTicket) {
        if (release.semester().isEmpty() || release.releasedOn().isEmpty()) {
            return true;
        }
        return !release.releasedOn().get().isBefore(release.semester().get().firstResultsOf(hallTicket));
    }

    private List<AttemptPage> pagesOf(
            ExamCatalog current, ExamRelease exam, HallTicket hallTicket, Priority priority, Deadline deadline) {
        Optional<AttemptPage> page = pageOf(exam, hallTicket, priority, deadline);
        if (page.isEmpty()) {
            return List.of();
        }
        List<AttemptPage> pages = new ArrayList<>(List.of(page.get()));
        current.rcrvRelease(exam.degree(), exam.code())
                .flatMap(rcrv -> pageOf(rcrv, hallTicket, priority, deadline))
                .ifPresent(pages::add);
        return pages;
    }

    private Optional<AttemptPage> pageOf(
            ExamRelease release, HallTicket hallTicket, Priority priority, Deadline deadline) {
        // Old RC/RV links carry only etype=rcrv: the RC/RV result type is added where the link lacks it.
        ExamQuery query = release.rcrv() ? SemesterLookup.queryOf(release).rcrv() : SemesterLookup.queryOf(release);
        Optional<ExamAnswer> kept = archive.page(PageKey.of(hallTicket, query), deadline)
                .flatMap(answer -> reuse.reused(answer, readOnceListed(answer, release), release));
        ExamAnswer answer = kept.orElseGet(
                () -> exams.lookup(hallTicket, query, priority, deadline).value());
        return answer instanceof ExamAnswer.Found found
                ? Optional.of(new AttemptPage(release, found.page()))
                : Optional.empty();
    }

    /** Whether {@code kept} was read on or after the day the list shows {@code release} (undated: an old code). */
    private static boolean readOnceListed(ArchivedAnswer kept, ExamRelease release) {
        return release.releasedOn()
                .map(date -> !kept.readAt()
                        .isBefore(date.atStartOfDay(ZoneOffset.UTC).toInstant()))
                .orElse(true);
    }
}
