package in.results.api;

import in.results.catalog.Degree;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.scrape.ReleaseListing;
import java.net.URI;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The Atom feed of the university's result releases ({@code GET /feeds/releases.atom}), made from its release list.
 * Pure; thread-safe. The rules:
 *
 * <ul>
 *   <li><b>One entry per release on the list.</b> Each row is read as the exam catalog reads it (degree, regulation
 *       and RC/RV from the title and link). A row whose link has no numeric {@code examCode} is left out (it cannot
 *       be named, nor asked for); a row repeating the code and RC/RV-ness of a row above it is the same release, and
 *       only the upper row counts (as in the catalog).
 *   <li><b>Ids never change</b> while the release is listed: {@code tag:<host>,2026:<programme>/<exam code>/<regular
 *       | rcrv>}, the programme being the catalog's degree key ({@code btech}), or for a degree the catalog does not
 *       know the link's {@code degree} in lower case ({@code other} without a usable one); {@code regular} names an
 *       exam's own results, supplementary ones too, {@code rcrv} its revaluation results.
 *   <li><b>{@code updated} is the release date</b>, at midnight in India ({@code +05:30}). A row whose date could not
 *       be read is dated as the catalog places such releases, by its code (the university hands out codes in
 *       increasing order): the latest date of the releases before it in code order, an exam before its RC/RV
 *       results; the list's earliest date when none comes before it; 1 January 1970 on a list without any date.
 *       Every row is dated before the filter applies, so a release has the same entry in every feed.
 *   <li><b>Newest first</b>: by date, then by code, RC/RV results before their exam's (they follow it).
 *   <li><b>Filters</b> ({@link Filter}): a degree keeps the releases of that degree; a regulation those whose title
 *       names it — as the catalog reads it, so a title naming none, or two, is not of any regulation and stays out of
 *       every regulation's feed (lookups do not take such a release for a regulation either).
 *   <li>The feed's {@code updated} is its newest entry's; a feed without entries says 1 January 1970.
 * </ul>
 */
final class ReleaseFeed {
    static final String PATH = "/feeds/releases.atom";
    /** The university's time zone: release dates are days there. */
    static final ZoneId UNIVERSITY_ZONE = ZoneId.of("Asia/Kolkata");
    /** The date part of every tag id: fixed for good, since it is part of ids that must never change. */
    static final String TAG_DATE = "2026";

    static final String AUTHOR = "Jawaharlal Nehru Technological University Hyderabad";
    private static final String TITLE = "JNTUH result releases";
    private static final LocalDate NO_DATE = LocalDate.EPOCH;
    private static final Pattern LINK_DEGREE = Pattern.compile("[a-z0-9]{1,20}");

    private ReleaseFeed() {}

    /**
     * Which releases a feed shows.
     *
     * @param degree a degree's key ({@code btech}), or {@code ""} for every degree
     * @param regulation {@code R22} and the like, or {@code ""} for every release, whatever its title names
     */
    record Filter(String degree, String regulation) {
        static final Filter NONE = new Filter("", "");
        private static final Pattern REGULATION = Pattern.compile("R\\d{2}");

        Filter {
            Objects.requireNonNull(degree, "degree");
            Objects.requireNonNull(regulation, "regulation");
            if (!degree.isEmpty() && degreeOf(degree).isEmpty()) {
                throw new IllegalArgumentException("not a degree the catalog knows: " + degree);
            }
            if (!regulation.isEmpty() && !REGULATION.matcher(regulation).matches()) {
                throw new IllegalArgumentException("regulation must be Rnn: " + regulation);
            }
        }

        /** The degree whose key is exactly {@code key} (lower case, as the university's links write it). */
        static Optional<Degree> degreeOf(String key) {
            for (Degree degree : Degree.values()) {
                if (degree != Degree.UNKNOWN && degree.key().equals(key)) {
                    return Optional.of(degree);
                }
            }
            return Optional.empty();
        }

        /** Whether a regulation is written as titles write it: {@code R} and two digits. */
        static boolean isRegulation(String text) {
            return REGULATION.matcher(text).matches();
        }

        boolean keeps(ExamRelease release) {
            return (degree.isEmpty() || release.degree().key().equals(degree))
                    && (regulation.isEmpty() || release.regulation().equals(regulation));
        }

        /** The feed's query: {@code ""}, or {@code ?degree=btech&regulation=R22} with what is set. */
        String query() {
            List<String> parts = new ArrayList<>(2);
            if (!degree.isEmpty()) {
                parts.add("degree=" + degree);
            }
            if (!regulation.isEmpty()) {
                parts.add("regulation=" + regulation);
            }
            return parts.isEmpty() ? "" : "?" + String.join("&", parts);
        }

        String description() {
            List<String> parts = new ArrayList<>(2);
            if (!degree.isEmpty()) {
                parts.add(degree);
            }
            if (!regulation.isEmpty()) {
                parts.add(regulation);
            }
            return String.join(", ", parts);
        }
    }

    private record Listed(ReleaseListing listing, ExamRelease release) {}

    private record Dated(Listed listed, LocalDate day) {
        ExamRelease release() {
            return listed.release();
        }
    }

    /**
     * The feed of {@code listings} (the release list in page order).
     *
     * @param host the host name in the feed's tag ids
     * @param selfLink the feed's own address, its query included
     * @param university the base URL of the university's host that the entries link to
     */
    static AtomFeed of(List<ReleaseListing> listings, Filter filter, String host, String selfLink, URI university) {
        List<Dated> entries = dated(distinct(listings)).stream()
                .filter(dated -> filter.keeps(dated.release()))
                .sorted(Comparator.comparing(Dated::day)
                        .thenComparing(dated -> dated.release().code(), ExamCatalog.BY_CODE)
                        .thenComparing(dated -> dated.release().rcrv())
                        .reversed())
                .toList();
        String tagPrefix = "tag:" + host + "," + TAG_DATE + ":";
        String title = filter.equals(Filter.NONE) ? TITLE : TITLE + ": " + filter.description();
        return new AtomFeed(
                tagPrefix + PATH.substring(1) + filter.query(),
                title,
                midnightOf(entries.isEmpty() ? NO_DATE : entries.getFirst().day()),
                selfLink,
                AUTHOR,
                entries.stream()
                        .map(dated -> new AtomFeed.Entry(
                                tagPrefix + idOf(dated.release()),
                                dated.listed().listing().title(),
                                midnightOf(dated.day()),
                                ReleaseRoutes.linkOf(university, dated.listed().listing())))
                        .toList());
    }

    /** The rows that announce a release, in page order, each release once (its upper row). */
    private static List<Listed> distinct(List<ReleaseListing> listings) {
        Set<String> seen = new HashSet<>();
        List<Listed> listed = new ArrayList<>();
        for (ReleaseListing listing : listings) {
            Optional<ExamRelease> release = ExamCatalog.releaseOf(listing);
            if (release.isPresent()
                    && seen.add(release.get().code() + (release.get().rcrv() ? "/rcrv" : ""))) {
                listed.add(new Listed(listing, release.get()));
            }
        }
        return listed;
    }

    /** Each release with its day: its own date, or for an undated one the day its code places it on (class comment). */
    private static List<Dated> dated(List<Listed> listed) {
        LocalDate earliest = listed.stream()
                .flatMap(l -> l.release().releasedOn().stream())
                .min(Comparator.naturalOrder())
                .orElse(NO_DATE);
        List<Listed> byCode = listed.stream()
                .sorted(Comparator.comparing((Listed l) -> l.release().code(), ExamCatalog.BY_CODE)
                        .thenComparing(l -> l.release().rcrv()))
                .toList();
        List<Dated> dated = new ArrayList<>(listed.size());
        LocalDate latestBefore = null;
        for (Listed l : byCode) {
            Optional<LocalDate> date = l.release().releasedOn();
            dated.add(new Dated(l, date.orElse(latestBefore == null ? earliest : latestBefore)));
            if (date.isPresent() && (latestBefore == null || date.get().isAfter(latestBefore))) {
                latestBefore = date.get();
            }
        }
        return dated;
    }

    /** {@code <programme>/<exam code>/<regular|rcrv>}: see the class comment. */
    private static String idOf(ExamRelease release) {
        return programmeOf(release) + "/" + release.code() + "/" + (release.rcrv() ? "rcrv" : "regular");
    }

    private static String programmeOf(ExamRelease release) {
        if (release.degree() != Degree.UNKNOWN) {
            return release.degree().key();
        }
        String linked = release.params().getOrDefault("degree", "").toLowerCase(Locale.ROOT);
        return LINK_DEGREE.matcher(linked).matches() ? linked : "other";
    }

    private static OffsetDateTime midnightOf(LocalDate day) {
        return day.atStartOfDay(UNIVERSITY_ZONE).toOffsetDateTime();
    }
}
