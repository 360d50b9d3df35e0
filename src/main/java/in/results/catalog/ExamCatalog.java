package in.results.catalog;

import in.results.core.HallTicket;
import in.results.scrape.ReleaseListing;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Which exam releases exist, and which of them belong to each semester of each {@link Course} (programme and
 * regulation): the university's release list merged with the built-in table of known R18 and R22 B.Tech codes.
 * Releases of special programmes (a minor degree, Ph.D. course work) are kept but belong to no semester.
 * Exam codes are numbered per programme (122 is both an M.Tech and an MBA release), so a release is known by its
 * programme, code and RC/RV-ness.
 * Immutable and thread-safe; pure (building one does no I/O).
 *
 * <h2>Merge</h2>
 * <ul>
 *   <li>A list row becomes a release when its link has a numeric {@code examCode}; rows without
 *       one cannot be requested and are left out. Degree, regulation, semester, kind, special
 *       programme and RC/RV are read from the title; the link's {@code degree} stands in when the
 *       title names no degree, and a link with {@code result=gradercrv}, {@code etype=rcrv} or a
 *       {@code type=rcrv…} marks an RC/RV release even when its title does not say so (the 2022
 *       list has such rows).</li>
 *   <li>A code can be listed twice, as the exam and as its RC/RV release. When the list repeats
 *       a programme's code with the same RC/RV-ness, its first row (the top of the page) is kept.</li>
 *   <li>The list wins for the exams it shows: its title, date, parameters, and what the title
 *       says.</li>
 *   <li><b>A current list is the truth.</b> Exam codes are handed out in increasing order, so a
 *       built-in code above the newest B.Tech exam code on a current list ({@link #from}; exam rows whose title
 *       names a regulation, so not the {@code (CCC)} rows numbered 99150 and up) has not been released
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

    /** A programme's exam code: what names an exam and its RC/RV release on the university's site. */
    private record Code(Degree degree, String code) {
        Code {
            Objects.requireNonNull(degree, "degree");
            Objects.requireNonNull(code, "code");
        }

        static Code of(ExamRelease release) {
            return new Code(release.degree(), release.code());
        }
    }

    private final List<ExamRelease> all;
    private final Map<Course, Map<Semester, List<ExamRelease>>> bySemester;
    private final Map<Code, ExamRelease> rcrvByCode;
    private final Map<Code, ExamRelease> unlistedRcrvByCode;

    private ExamCatalog(
            List<ExamRelease> all, Map<Code, ExamRelease> rcrvByCode, Map<Code, ExamRelease> unlistedRcrvByCode) {
        this.all = List.copyOf(all);
        this.rcrvByCode = Map.copyOf(rcrvByCode);
        this.unlistedRcrvByCode = Map.copyOf(unlistedRcrvByCode);
        this.bySemester = bySemester(this.all);
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
        Map<Code, ExamRelease> listedExams = new LinkedHashMap<>();
        Map<Code, ExamRelease> listedRcrv = new LinkedHashMap<>();
        for (ReleaseListing listing : listings) {
            Optional<ExamRelease> release = ListingReader.releaseOf(listing);
            if (release.isPresent()) {
                ExamRelease r = release.get();
                Map<Code, ExamRelease> sameKind = r.rcrv() ? listedRcrv : listedExams;
                if (sameKind.putIfAbsent(Code.of(r), r) == null) {
                    listed.add(r);
                }
            }
        }
        // The built-in table is B.Tech's: compared with the newest B.Tech code, codes being numbered per programme.
        // Only exam rows of a regulation count: the real list's B.Tech.(CCC) rows are numbered 99150 and up, outside
        // the series, and an RC/RV row can be dated long before its exam's (1762's RC/RV row of March 2023).
        Optional<String> newest = current
                ? listedExams.values().stream()
                        .filter(exam -> exam.degree() == Degree.BTECH
                                && !exam.regulation().isEmpty())
                        .map(ExamRelease::code)
                        .max(BY_CODE)
                : Optional.empty();

        Set<Code> builtInCodes = new HashSet<>();
        BuiltInTable.releases().forEach(r -> builtInCodes.add(Code.of(r)));
        List<ExamRelease> all = new ArrayList<>(listed);
        for (Map.Entry<Code, ExamRelease> rcrv : listedRcrv.entrySet()) {
            if (!listedExams.containsKey(rcrv.getKey()) && !builtInCodes.contains(rcrv.getKey())) {
                all.add(ListingReader.examImpliedBy(rcrv.getValue()));
            }
        }
        Map<Code, ExamRelease> rcrvByCode = new LinkedHashMap<>(listedRcrv);
        Map<Code, ExamRelease> unlistedRcrvByCode = new LinkedHashMap<>();
        for (ExamRelease known : BuiltInTable.releases()) {
            Code code = Code.of(known);
            if (newest.isPresent() && BY_CODE.compare(code.code(), newest.get()) > 0 && !listedRcrv.containsKey(code)) {
                continue; // not released as of the list (a listed RC/RV row says its exam is)
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
     * The releases of {@code course} for one of its semesters that are exams, not RC/RV results: regular,
     * supplementary, advanced supplementary and UNKNOWN kinds, in chronological order (see the class comment). Every
     * release a student of the semester could have a result in is here; nothing is filtered by batch (R22 lists every
     * batch's regular release of the semester). Special programmes (minor degree, Ph.D. course work) are never a
     * semester's releases, though their titles name one: see {@link #specialReleases}.
     *
     * @return an unmodifiable list, possibly empty
     */
    public List<ExamRelease> releases(Course course, Semester semester) {
        return bySemester
                .getOrDefault(Objects.requireNonNull(course, "course"), Map.of())
                .getOrDefault(Objects.requireNonNull(semester, "semester"), List.of());
    }

    /**
     * The subset of {@link #releases} whose kind is REGULAR (for built-in codes: those the table marks R), in the
     * same order. Which of them is a batch's own regular exam is a matter of date, not of code: the first one
     * released after the batch could have sat the semester.
     *
     * @return an unmodifiable list, possibly empty
     */
    public List<ExamRelease> regularReleases(Course course, Semester semester) {
        return releases(course, semester).stream()
                .filter(r -> r.kind() == ReleaseKind.REGULAR)
                .toList();
    }

    /**
     * Whether the list shows the regular release of {@code semester} that {@code hallTicket}'s batch sits, by the two
     * rules that find a student's attempts: a regular release of it dated on or after the batch could first have
     * results of it ({@link Semester#firstResultsOf}); and for a year's second semester, one dated on or after the
     * batch's regular release of the year's first (the first such release), which must be listed too. Without the
     * second rule an earlier batch's release delayed into the next calendar year (the 2018 batch's 2-2, January 2021)
     * would end a later batch's year before it had begun. A release of unknown date counts as listed and sets no
     * bound. Once it is listed, the batch's year has ended on the list, whether or not the student sat it.
     */
    public boolean listsBatchRegular(Course course, Semester semester, HallTicket hallTicket) {
        LocalDate first = semester.firstResultsOf(hallTicket);
        if (semester.half() == 2) {
            List<ExamRelease> opening = batchRegulars(course, Semester.of(semester.year(), 1), first);
            if (opening.isEmpty()) {
                return false;
            }
            if (opening.stream().allMatch(release -> release.releasedOn().isPresent())) {
                first = opening.stream()
                        .map(release -> release.releasedOn().orElseThrow())
                        .min(Comparator.naturalOrder())
                        .orElseThrow();
            }
        }
        return !batchRegulars(course, semester, first).isEmpty();
    }

    /** The regular releases of {@code semester} dated on or after {@code first}, or of unknown date. */
    private List<ExamRelease> batchRegulars(Course course, Semester semester, LocalDate first) {
        return regularReleases(course, semester).stream()
                .filter(release ->
                        release.releasedOn().map(date -> !date.isBefore(first)).orElse(true))
                .toList();
    }

    /**
     * The exams, not RC/RV results, of {@code course}'s programme and regulation that belong to the special programme
     * {@code programme} (for a student's minor degree: {@link SpecialProgramme#MINOR_DEGREE}), whatever semester their
     * titles name, in chronological order (see the class comment). They are never in {@link #releases}.
     *
     * @throws IllegalArgumentException for {@link SpecialProgramme#NONE}: the course's own releases are
     *     {@link #releases}, by semester
     * @return an unmodifiable list, possibly empty
     */
    public List<ExamRelease> specialReleases(Course course, SpecialProgramme programme) {
        Objects.requireNonNull(course, "course");
        if (Objects.requireNonNull(programme, "programme") == SpecialProgramme.NONE) {
            throw new IllegalArgumentException("NONE is no special programme: ask releases(course, semester)");
        }
        return chronological(all.stream()
                .filter(r -> !r.rcrv() && r.special() == programme && course.names(r))
                .toList());
    }

    /**
     * Whether {@code degree}'s exam {@code examCode} has RC/RV results that may be asked before the exam is known to
     * hold a result of the student: true iff the list shows an RC/RV release for the programme's code, or — without a
     * current list — the code is known only from the built-in table.
     */
    public boolean hasRcrv(Degree degree, String examCode) {
        return rcrvByCode.containsKey(new Code(degree, examCode));
    }

    /**
     * Whether {@code degree}'s exam {@code examCode} may have RC/RV results that no list row shows: a built-in code
     * that a current list shows neither as exam nor as RC/RV. Its RC/RV page can only exist for a student who has a
     * result in the exam, so it is asked for such students only, never speculatively. Never true together with
     * {@link #hasRcrv}.
     */
    public boolean mayHaveUnlistedRcrv(Degree degree, String examCode) {
        return unlistedRcrvByCode.containsKey(new Code(degree, examCode));
    }

    /**
     * Whether a current list does not show {@code release}, an exam the built-in table knows (its row dropped or
     * rewritten): it may hold results, but is asked only where the listed releases leave a semester incomplete.
     * Always false without a current list, and for RC/RV releases.
     */
    public boolean isUnlisted(ExamRelease release) {
        return !release.rcrv()
                && release.source() == ReleaseSource.BUILT_IN_TABLE
                && unlistedRcrvByCode.containsKey(Code.of(release));
    }

    /**
     * The RC/RV release of {@code degree}'s exam {@code examCode}, present iff {@link #hasRcrv} or
     * {@link #mayHaveUnlistedRcrv} is true. For a listed RC/RV release its own link parameters, unchanged (some old
     * ones carry only {@code etype=rcrv}; the caller adds {@code result=gradercrv&type=rcrvintgrade} when absent).
     * For a code known only from the built-in table, the table's parameters with {@code result=gradercrv} and
     * {@code type=rcrvintgrade}, source BUILT_IN_TABLE.
     */
    public Optional<ExamRelease> rcrvRelease(Degree degree, String examCode) {
        Code code = new Code(degree, examCode);
        return Optional.ofNullable(rcrvByCode.getOrDefault(code, unlistedRcrvByCode.get(code)));
    }

    /**
     * Every release of the catalog, any degree and regulation, exams and RC/RV: the list's in page
     * order, then exams implied by RC/RV rows, then the built-in codes the list does not show as
     * exams (with a current list, only those up to its newest B.Tech code). The built-in RC/RV releases of
     * {@link #rcrvRelease} are not included. For tests and debugging.
     */
    public List<ExamRelease> all() {
        return all;
    }

    @Override
    public String toString() {
        StringBuilder text =
                new StringBuilder("ExamCatalog[").append(all.size()).append(" releases");
        bySemester.forEach((course, semesters) -> {
            text.append("; ").append(course);
            semesters.forEach((semester, releases) ->
                    text.append(' ').append(semester.key()).append(':').append(releases.size()));
        });
        return text.append(']').toString();
    }

    /**
     * The exams of every course, by semester, each list chronological; courses without a release are absent. An exam
     * whose RC/RV row names another semester than its own row (23 pairs on the 2025 list: B.Tech 1690 is titled III
     * Year I Semester, its RC/RV III Year II) is filed under both: which one it is, only its pages' headings tell.
     */
    private static Map<Course, Map<Semester, List<ExamRelease>>> bySemester(List<ExamRelease> all) {
        Map<Code, Semester> rcrvSemesters = new HashMap<>();
        for (ExamRelease release : all) {
            if (release.rcrv() && release.term() instanceof Semester semester) {
                rcrvSemesters.putIfAbsent(Code.of(release), semester);
            }
        }
        Map<Course, Map<Semester, List<ExamRelease>>> grouped = new HashMap<>();
        for (Course course : Course.all()) {
            for (ExamRelease release : all) {
                if (!release.rcrv() && release.term() instanceof Semester semester && course.holds(release)) {
                    Map<Semester, List<ExamRelease>> semesters =
                            grouped.computeIfAbsent(course, c -> new EnumMap<>(Semester.class));
                    semesters.computeIfAbsent(semester, s -> new ArrayList<>()).add(release);
                    Semester named = rcrvSemesters.getOrDefault(Code.of(release), semester);
                    if (named != semester) {
                        semesters.computeIfAbsent(named, s -> new ArrayList<>()).add(release);
                    }
                }
            }
        }
        grouped.values().forEach(semesters -> semesters.replaceAll((semester, exams) -> chronological(exams)));
        Map<Course, Map<Semester, List<ExamRelease>>> inCourseOrder = new LinkedHashMap<>();
        Course.all().stream().filter(grouped::containsKey).forEach(c -> inCourseOrder.put(c, grouped.get(c)));
        return Collections.unmodifiableMap(inCourseOrder);
    }

    /** See the class comment: dated by date, undated placed after the latest-dated lower code. */
    public static List<ExamRelease> chronological(List<ExamRelease> releases) {
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
