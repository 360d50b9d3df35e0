package in.results.catalog;

import in.results.core.Regulation;
import in.results.scrape.ReleaseListing;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

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
 *       says. A built-in code that the list does not show as an exam is added from the table,
 *       so an empty list (could not be fetched) or a truncated one still yields every known
 *       code.</li>
 *   <li>An RC/RV row whose exam is neither listed nor built in implies that exam (source
 *       {@link ReleaseSource#RCRV_ROW}), so a new exam whose own row dropped off the list is not
 *       lost.</li>
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
    private static final Pattern CODE = Pattern.compile("\\d{1,9}");
    private static final DateTimeFormatter LISTED_DATE = new DateTimeFormatterBuilder()
            .parseCaseInsensitive().appendPattern("dd-MMM-uuuu").toFormatter(Locale.ENGLISH);
    /** Numeric order for digit strings without leading zeros, without overflow worries. */
    static final Comparator<String> BY_CODE =
            Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder());

    private final List<ExamRelease> all;
    private final Map<Regulation, Map<Semester, List<ExamRelease>>> btech;
    private final Map<String, ExamRelease> rcrvByCode;

    private ExamCatalog(List<ExamRelease> all, Map<Regulation, Map<Semester, List<ExamRelease>>> btech,
            Map<String, ExamRelease> rcrvByCode) {
        this.all = List.copyOf(all);
        this.btech = btech;
        this.rcrvByCode = Map.copyOf(rcrvByCode);
    }

    /** The built-in table alone: what the service knows when the release list cannot be fetched. */
    public static ExamCatalog builtIn() {
        return from(List.of());
    }

    /**
     * The catalog of a release list (in page order, as {@code ReleaseListParser.parse} returns
     * it) merged with the built-in table; see the class comment for the rules. An empty list
     * gives {@link #builtIn()}.
     */
    public static ExamCatalog from(List<ReleaseListing> listings) {
        Objects.requireNonNull(listings, "listings");
        List<ExamRelease> listed = new ArrayList<>();
        Map<String, ExamRelease> listedExams = new LinkedHashMap<>();
        Map<String, ExamRelease> listedRcrv = new LinkedHashMap<>();
        for (ReleaseListing listing : listings) {
            Optional<ExamRelease> release = releaseOf(listing);
            if (release.isPresent()) {
                ExamRelease r = release.get();
                Map<String, ExamRelease> sameKind = r.rcrv() ? listedRcrv : listedExams;
                if (sameKind.putIfAbsent(r.code(), r) == null) {
                    listed.add(r);
                }
            }
        }

        Set<String> builtInCodes = new HashSet<>();
        BuiltInTable.releases().forEach(r -> builtInCodes.add(r.code()));
        List<ExamRelease> all = new ArrayList<>(listed);
        for (ExamRelease rcrv : listedRcrv.values()) {
            if (!listedExams.containsKey(rcrv.code()) && !builtInCodes.contains(rcrv.code())) {
                all.add(examImpliedBy(rcrv));
            }
        }
        Map<String, ExamRelease> rcrvByCode = new LinkedHashMap<>(listedRcrv);
        for (ExamRelease known : BuiltInTable.releases()) {
            if (!listedExams.containsKey(known.code())) {
                all.add(known);
            }
            // A code only the built-in table knows may have RC/RV results we cannot see: ask its RC/RV twin too.
            if (!listedExams.containsKey(known.code()) && !listedRcrv.containsKey(known.code())) {
                rcrvByCode.put(known.code(), builtInRcrvOf(known));
            }
        }
        Map<Regulation, Map<Semester, List<ExamRelease>>> btech = new EnumMap<>(Regulation.class);
        for (Regulation regulation : Regulation.values()) {
            btech.put(regulation, btechBySemester(all, regulation));
        }
        return new ExamCatalog(all, btech, rcrvByCode);
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
        return btech.get(Objects.requireNonNull(regulation, "regulation")).get(Objects.requireNonNull(semester, "semester"));
    }

    /**
     * The subset of {@link #btechReleases} whose kind is REGULAR (for built-in codes: those the
     * table marks R), in the same order. Which of them is a batch's own regular exam is a matter
     * of date, not of code: the first one released after the batch could have sat the semester.
     *
     * @return an unmodifiable list, possibly empty
     */
    public List<ExamRelease> btechRegularReleases(Regulation regulation, Semester semester) {
        return btechReleases(regulation, semester).stream().filter(r -> r.kind() == ReleaseKind.REGULAR).toList();
    }

    /**
     * Whether to ask for the RC/RV results of exam {@code examCode}: true iff the
     * list shows an RC/RV release for the code, or the code is known only from the built-in
     * table (the list shows it neither as exam nor as RC/RV). Same as
     * {@code rcrvRelease(examCode).isPresent()}.
     */
    public boolean hasRcrv(String examCode) {
        return rcrvByCode.containsKey(Objects.requireNonNull(examCode, "examCode"));
    }

    /**
     * The RC/RV release of exam {@code examCode}, present iff {@link #hasRcrv} is true. For a
     * listed RC/RV release its own link parameters, unchanged (some old ones carry only
     * {@code etype=rcrv}; the caller adds {@code result=gradercrv&type=rcrvintgrade} when
     * absent). For a code known only from the built-in table, the table's parameters with
     * {@code result=gradercrv} and {@code type=rcrvintgrade}, source BUILT_IN_TABLE.
     */
    public Optional<ExamRelease> rcrvRelease(String examCode) {
        return Optional.ofNullable(rcrvByCode.get(Objects.requireNonNull(examCode, "examCode")));
    }

    /**
     * Every release of the catalog, any degree and regulation, exams and RC/RV: the list's in page
     * order, then exams implied by RC/RV rows, then the built-in codes the list does not show as
     * exams. The built-in RC/RV releases of {@link #rcrvRelease} are not included. For tests and
     * debugging.
     */
    public List<ExamRelease> all() {
        return all;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("ExamCatalog[").append(all.size()).append(" releases");
        btech.forEach((regulation, semesters) -> {
            text.append("; ").append(regulation.code()).append(" B.Tech");
            semesters.forEach((semester, releases) ->
                    text.append(' ').append(semester.key()).append(':').append(releases.size()));
        });
        return text.append(']').toString();
    }

    private static Optional<ExamRelease> releaseOf(ReleaseListing listing) {
        Map<String, String> params = listing.linkParams();
        String code = params.getOrDefault("examCode", "");
        if (!CODE.matcher(code).matches()) {
            return Optional.empty();
        }
        ReleaseTitle title = TitleReader.read(listing.title());
        Degree degree = title.degree() != Degree.UNKNOWN ? title.degree() : Degree.ofKey(params.get("degree"));
        ReleaseDate date = listing.releaseDate().isEmpty()
                ? ReleaseDate.UNKNOWN
                : new ReleaseDate.Known(LocalDate.parse(listing.releaseDate(), LISTED_DATE));
        return Optional.of(new ExamRelease(code, degree, title.regulation(), title.term(), title.kind(),
                title.rcrv() || linkAsksForRcrv(params), date, params, listing.title(),
                ReleaseSource.RELEASE_LIST));
    }

    /**
     * The 2022 list has RC/RV rows titled like the exam itself (1487–1489: "B.Tech IV Year I
     * Semester (R16) Supplementary ..."), told apart only by their links.
     */
    private static boolean linkAsksForRcrv(Map<String, String> params) {
        return "gradercrv".equalsIgnoreCase(params.get("result"))
                || "rcrv".equalsIgnoreCase(params.get("etype"))
                || params.getOrDefault("type", "").toLowerCase(Locale.ROOT).startsWith("rcrv");
    }

    /**
     * The exam behind an RC/RV row. Its own link parameters are unknown, so only degree and
     * code are given and the upstream's defaults for a code known without parameters apply.
     */
    private static ExamRelease examImpliedBy(ExamRelease rcrv) {
        Map<String, String> params = new LinkedHashMap<>();
        String degree = rcrv.degree() != Degree.UNKNOWN ? rcrv.degree().key() : rcrv.params().get("degree");
        if (degree != null) {
            params.put("degree", degree);
        }
        params.put("examCode", rcrv.code());
        return new ExamRelease(rcrv.code(), rcrv.degree(), rcrv.regulation(), rcrv.term(), rcrv.kind(), false,
                ReleaseDate.UNKNOWN, params, "", ReleaseSource.RCRV_ROW);
    }

    /** The university serves RC/RV results under the exam's own code with {@code result=gradercrv&type=rcrvintgrade}. */
    private static ExamRelease builtInRcrvOf(ExamRelease exam) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", exam.params().get("degree"));
        params.put("examCode", exam.code());
        params.put("etype", exam.params().get("etype"));
        params.put("result", "gradercrv");
        params.put("type", "rcrvintgrade");
        return new ExamRelease(exam.code(), exam.degree(), exam.regulation(), exam.term(), exam.kind(), true,
                ReleaseDate.UNKNOWN, params, "", ReleaseSource.BUILT_IN_TABLE);
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
        List<ExamRelease> byCode = releases.stream().sorted(Comparator.comparing(ExamRelease::code, BY_CODE)).toList();
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
