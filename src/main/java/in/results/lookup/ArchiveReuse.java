package in.results.lookup;

import in.results.archive.ArchivedAnswer;
import in.results.catalog.ExamRelease;
import in.results.catalog.ReleaseSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * When an answer kept in the archive stands for the university's, so that it is not asked again:
 * <ul>
 *   <li>a result page without a withheld row: always — a published page does not change;</li>
 *   <li>a page with a withheld ({@code -}) row: for {@link #REREAD_AFTER} after it was read; the university fills
 *       such rows in later under the same exam code, so it is read again once a day while a lookup needs it;</li>
 *   <li>"no result": only for a release the student's last complete lookup already knew from the list (before it was
 *       listed, the exam may not have been published: a "no result" read then says nothing), and then for good once
 *       it was read {@link #SETTLED_AFTER} or more after the release date (a code known only from the built-in table,
 *       without a date, is an old one; a listed release whose date cannot be read is never settled), else for
 *       {@link #REREAD_AFTER} after it was read: late results of a new release are read once a day.</li>
 * </ul>
 */
final class ArchiveReuse {
    static final Duration REREAD_AFTER = Duration.ofDays(1);
    static final Duration SETTLED_AFTER = Duration.ofDays(60);

    private final Clock clock;

    ArchiveReuse(Clock clock) {
        this.clock = clock;
    }

    /** A kept result page as the lookup's, when it stands for the university's; never a "no result". */
    Optional<ExamAnswer> reusedPage(ArchivedAnswer kept) {
        return kept instanceof ArchivedAnswer.Found found && (!found.page().hasWithheldRow() || isRecent(kept))
                ? Optional.of(new ExamAnswer.Found(found.page(), found.readAt()))
                : Optional.empty();
    }

    /**
     * The kept answer for {@code release} as the lookup's, when it stands for the university's; {@code known}:
     * whether the student's last complete lookup knew the release from the list.
     */
    Optional<ExamAnswer> reused(ArchivedAnswer kept, boolean known, ExamRelease release) {
        return switch (kept) {
            case ArchivedAnswer.Found found -> reusedPage(found);
            case ArchivedAnswer.NoResult none ->
                known && (isRecent(none) || settled(none.readAt(), release))
                        ? Optional.of(new ExamAnswer.NoResult(none.readAt()))
                        : Optional.empty();
        };
    }

    private boolean isRecent(ArchivedAnswer kept) {
        return Duration.between(kept.readAt(), clock.instant()).compareTo(REREAD_AFTER) < 0;
    }

    private static boolean settled(Instant readAt, ExamRelease release) {
        return release.releasedOn()
                .map(date -> !readAt.isBefore(
                        date.atStartOfDay(ZoneOffset.UTC).toInstant().plus(SETTLED_AFTER)))
                .orElse(release.source() == ReleaseSource.BUILT_IN_TABLE);
    }
}
