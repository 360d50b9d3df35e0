package in.results.catalog;

import in.results.core.Regulation;
import in.results.scrape.ReleaseListing;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which exam releases exist, and which of them belong to each semester of each served B.Tech
 * regulation (R18, R22): the university's release list merged with the built-in table of known
 * R18 and R22 B.Tech codes.
 * Immutable and thread-safe; pure (building one does no I/O).
 *
 * <h2>Merge</h2>
 * <ul>
 *   <li>A list row becomes a release when its link has a numeric {@code examCode}; rows without
 *       one cannot be requested and are left out. Degree, regulation, semester, kind and RC/RV
 *       are read from the title; the link's {@code degree} stands in when the title names no
 *       degree, and a link with {@code result=gradercrv}, {@code etype=rcrv} or a
 *       {@code type=rcrv…} marks an RC/RV release even when its title does not say so (the 2022
 *       list has such rows).</li>
 *   <li>A code can be listed twice, as the exam and as its RC/RV release. When the list repeats
 *       a code with the same RC/RV-ness, its first row (the top of the page) is kept.</li>
 *   <li>The list wins for the exams it shows: its title, date, parameters, and what the title
 *       says.</li>
 *   <li><b>A current list is the truth.</b> Exam codes are handed out in increasing order, so a
 *       built-in code above the newest code on a current list ({@link #from}) has not been released
 *       as of that list: it is left out, with its RC/RV twin. A built-in code the list does not
 *       show but older than its newest code (a row dropped or rewritten on the site) is kept, but
 *       {@linkplain #isUnlisted unlisted}: a lookup asks it only where the listed releases leave a
 *       semester incomplete, and its RC/RV results only for a student the exam has a result for
 *       ({@link #mayHaveUnlistedRcrv}).</li>
 *   <li>Without a current list — none could be fetched ({@link #builtIn}), or only an outdated
 *       copy ({@link #fromOutdated}) — every built-in code the list does not show is added from
 *       the table as a release like any other, with its RC/RV twin ({@link #hasRcrv}).</li>
 *   <li>An RC/RV row whose exam is neither listed nor built in implies that exam (source
 *       {@link ReleaseSource#RCRV_ROW}), so a new exam whose own row dropped off the list is not
 *       lost. A built-in code whose RC/RV row alone is listed is released: it is not unlisted.</li>
 * </ul>
 *
 * <h2>Order</h2>
 * Semester lists are chronological: by release date, ties by exam code. A release without a
 * date is placed by its code, because the university hands out exam codes in increasing order
 * over time: it counts as released on the latest date of the semester's releases with a lower
 * code (or before all of them when there is none), and then follows those by code. Codes
 * compare as numbers.
 */
public final class ExamCatalog {
    /** Numeric order for digit strings without leading zeros, without overflow worries. */
    public static final Comparator<String> BY_CODE =
            Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder());

    private final List<ExamRelease> all;
    private final Map<Regulation, Map<Semester, List<ExamRelease>>> btech;
    private final Map<String, ExamRelease> rcrvByCode;
    private final Map<String, ExamRelease> unlistedRcrvByCode;
    private final Set<String> unlisted;

    private ExamCatalog(
            List<ExamRelease> all, Map<String, ExamRelease> rcrvByCode, Map<String, ExamRelease> unlistedRcrvByCode) {
        this.all = List.copyOf(all);
        this.rcrvByCode = Map.copyOf(rcrvByCode);
        this.unlistedRcrvByCode = Map.copyOf(unlistedRcrvByCode);
        this.unlisted = Set.copyOf(unlistedRcrvByCode.keySet());
        Map<Regulation, Map<Semester, List<ExamRelease>>> bySemester = new EnumMap<>(Regulation.class);
        for (Regulation regulation : Regulation.values()) {
            bySemester.put(regulation, btechBySemester(this.all, regulation));
        }
        this.btech = bySemester;
    }

    /** The built-in table alone: what the service knows when the release list cannot be fetched. */
    public static ExamCatalog builtIn() {
        return merged(List.of(), false);
    }

    /**
     * The catalog of a current release list (in page order, as {@code ReleaseListParser.parse} returns it) merged
     * with the built-in table; see the class comment for the rules. A list without a single numeric exam code
     * gives {@link #builtIn()}.
     */
    public static ExamCatalog from(List<ReleaseListing> listings) {
        return merged(listings, true);
    }

    /**
     * The catalog of a list that may be outdated (the last one seen, while the list cannot be fetched now): merged
     * with the whole built-in table, as {@link #builtIn()} is, because releases may have appeared since.
     */
    public static ExamCatalog fromOutdated(List<ReleaseListing> listings) {
        return merged(listings, false);
    }

    /**
     * The release one list row announces, read as {@link #from} reads each row: degree, regulation, term, kind and
     * RC/RV from the title (the link's {@code degree} standing in when the title names none, a link asking for RC/RV
     * marking an RC/RV release), the row's own date, parameters and title. Empty when the row's link has no numeric
     * {@code examCode}: such a row cannot be asked for. Pure; never throws for a parsed row.
     */
    public static Optional<ExamRelease> releaseOf(ReleaseListing listing) {
        return ListingReader.releaseOf(Objects.requireNonNull(listing, "listing"));
    }

    private static ExamCatalog merged(List<ReleaseListing> listings, boolean current) {
        Objects.requireNonNull(listings, "listings");
        List<ExamRelease> listed = new ArrayList<>();
        Map<String, ExamRelease> listedExams = new LinkedHashMap<>();
        Map<String, ExamRelease> listedRcrv = new LinkedHashMap<>();
        for (ReleaseListing listing : listings) {
            Optional<ExamRelease> release = ListingReader.releaseOf(listing);
            if (release.isPresent()) {
                ExamRelease r = release.get();
                Map<String, ExamRelease> sameKind = r.rcrv() ? listedRcrv : listedExams;
                if (sameKind.putIfAbsent(r.code(), r) == null) {
                    listed.add(r);
                }
            }
        }
        Optional<String> newest = current
                ? Stream.concat(listedExams.keySet().stream(), listedRcrv.keySet().stream())
                        .max(BY_CODE)
                : Optional.empty();

        Set<String> builtInCodes = new HashSet<>();
        BuiltInTable.releases().forEach(r -> builtInCodes.add(r.code()));
        List<ExamRelease> all = new ArrayList<>(listed);
        for (ExamRelease rcrv : listedRcrv.values()) {
            if (!listedExams.containsKey(rcrv.code()) && !builtInCodes.contains(rcrv.code())) {
                all.add(ListingReader.examImpliedBy(rcrv));
            }
        }
        Map<String, ExamRelease> rcrvByCode = new LinkedHashMap<>(listedRcrv);
        Map<String, ExamRelease> unlistedRcrvByCode = new LinkedHashMap<>();
        for (ExamRelease known : BuiltInTable.releases()) {
            String code = known.code();
            if (newest.isPresent() && BY_CODE.compare(code, newest.get()) > 0) {
                continue; // not released as of the list
            }
            if (!listedExams.containsKey(code)) {
                all.add(known);
            }
            if (!listedExams.containsKey(code) && !listedRcrv.containsKey(code)) {
                // Without a current list a code only the table knows may have RC/RV results we cannot see: asked
                // with the exam. Under a current list that does not show it, only once the exam holds a result.
                (newest.isPresent() ? unlistedRcrvByCode : rcrvByCode).put(code, ListingReader.builtInRcrvOf(known));
            }
        }
        return new ExamCatalog(all, rcrvByCode, unlistedRcrvByCode);
    }

    /**
     * The B.Tech releases of {@code regulation} for a semester that are exams, not RC/RV results:
     * regular, supplementary, advanced supplementary and UNKNOWN kinds, in chronological order
     * (see the class comment). Every release a student of the semester could have a result in is
     * here; nothing is filtered by batch (R22 lists every batch's regular release of the semester).
     *
     * @return an unmodifiable list, possibly empty
     */
    public List<ExamRelease> btechReleases(Regulation regulation, Semester semester) {
        return btech.get(Objects.requireNonNull(regulation, "regulation"))
                .get(Objects.requireNonNull(semester, "semester"));
    }

    /**
     * The subset of {@link #btechReleases} whose kind is REGULAR (for built-in codes: those the
     * table marks R), in the same order. Which of them is a batch's own regular exam is a matter
     * of date, not of code: the first one released after the batch could have sat the semester.
     *
     * @return an unmodifiable list, possibly empty
     */
    public List<ExamRelease> btechRegularReleases(Regulation regulation, Semester semester) {
        return btechReleases(regulation, semester).stream()
                .filter(r -> r.kind() == ReleaseKind.REGULAR)
                .toList();
    }

    /**
     * Whether exam {@code examCode} has RC/RV results that may be asked before the exam is known to hold a result of
     * the student: true iff the list shows an RC/RV release for the code, or — without a current list — the code is
     * known only from the built-in table.
     */
    public boolean hasRcrv(String examCode) {
        return rcrvByCode.containsKey(Objects.requireNonNull(examCode, "examCode"));
    }

    /**
     * Whether exam {@code examCode} may have RC/RV results that no list row shows: a built-in code that a current
     * list shows neither as exam nor as RC/RV. Its RC/RV page can only exist for a student who has a result in the
     * exam, so it is asked for such students only, never speculatively. Never true together with {@link #hasRcrv}.
     */
    public boolean mayHaveUnlistedRcrv(String examCode) {
        return unlistedRcrvByCode.containsKey(Objects.requireNonNull(examCode, "examCode"));
    }

    /**
     * Whether a current list does not show {@code release}, an exam the built-in table knows (its row dropped or
     * rewritten): it may hold results, but is asked only where the listed releases leave a semester incomplete.
     * Always false without a current list, and for RC/RV releases.
     */
    public boolean isUnlisted(ExamRelease release) {
        return !release.rcrv() && release.source() == ReleaseSource.BUILT_IN_TABLE && unlisted.contains(release.code());
    }

    /**
     * The RC/RV release of exam {@code examCode}, present iff {@link #hasRcrv} or {@link #mayHaveUnlistedRcrv} is
     * true. For a listed RC/RV release its own link parameters, unchanged (some old ones carry only
     * {@code etype=rcrv}; the caller adds {@code result=gradercrv&type=rcrvintgrade} when absent). For a code known
     * only from the built-in table, the table's parameters with {@code result=gradercrv} and
     * {@code type=rcrvintgrade}, source BUILT_IN_TABLE.
     */
    public Optional<ExamRelease> rcrvRelease(String examCode) {
        Objects.requireNonNull(examCode, "examCode");
        return Optional.ofNullable(rcrvByCode.getOrDefault(examCode, unlistedRcrvByCode.get(examCode)));
    }

    /**
     * Every release of the catalog, any degree and regulation, exams and RC/RV: the list's in page
     * order, then exams implied by RC/RV rows, then the built-in codes the list does not show as
     * exams (with a current list, only those up to its newest code). The built-in RC/RV releases of {@link #rcrvRelease} are not included. For tests and
     * debugging.
     */
    public List<ExamRelease> all() {
        return all;
    }

    @Override
    public String toString() {
        StringBuilder text =
                new StringBuilder("ExamCatalog[").append(all.size()).append(" releases");
        btech.forEach((regulation, semesters) -> {
            text.append("; ").append(regulation.code()).append(" B.Tech");
            semesters.forEach((semester, releases) ->
                    text.append(' ').append(semester.key()).append(':').append(releases.size()));
        });
        return text.append(']').toString();
    }

    private static Map<Semester, List<ExamRelease>> btechBySemester(List<ExamRelease> all, Regulation regulation) {
        Map<Semester, List<ExamRelease>> bySemester = new EnumMap<>(Semester.class);
        for (Semester semester : Semester.values()) {
            List<ExamRelease> exams = all.stream()
                    .filter(r -> r.isBtechOf(regulation) && !r.rcrv() && r.term() == semester)
                    .toList();
            bySemester.put(semester, chronological(exams));
        }
        return bySemester;
    }

    /** See the class comment: dated by date, undated placed after the latest-dated lower code. */
    static List<ExamRelease> chronological(List<ExamRelease> releases) {
        record Placed(ExamRelease release, LocalDate when) {}
        List<ExamRelease> byCode = releases.stream()
                .sorted(Comparator.comparing(ExamRelease::code, BY_CODE))
                .toList();
        List<Placed> placed = new ArrayList<>();
        LocalDate latestOfLowerCodes = LocalDate.MIN;
        for (ExamRelease release : byCode) {
            Optional<LocalDate> date = release.releasedOn();
            placed.add(new Placed(release, date.orElse(latestOfLowerCodes)));
            if (date.isPresent() && date.get().isAfter(latestOfLowerCodes)) {
                latestOfLowerCodes = date.get();
            }
        }
        return placed.stream()
                .sorted(Comparator.comparing(Placed::when)
                        .thenComparing(p -> p.release().code(), BY_CODE))
                .map(Placed::release)
                .toList();
    }
}
