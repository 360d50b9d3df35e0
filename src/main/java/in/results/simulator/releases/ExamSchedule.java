package in.results.simulator.releases;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Every release the simulated university lists: in the default world the R18, R22 and R25 B.Tech releases, their RC/RV
 * twins, and noise (other degrees and older regulations); in the real world the real list and the simulator's later
 * releases ({@link #onRealList}).
 *
 * <p>The cohort's students sit these releases: a batch's regular ({@link #exam}), its RC/RV ({@link #rcrvOf}) and the
 * semester's later supplementaries ({@link #supplementariesAfter}).
 */
public final class ExamSchedule {

    /** RC/RV releases that really exist for these codes (fixture release table); later ones are drawn. */
    private static final Set<String> KNOWN_RCRV = Set.of(
            "1425", "1430", "1435", "1437", "1449", "1454", "1467", "1481", "1491", "1496", "1501", "1502", "1503",
            "1504");
    /** Exams published with the old "grade16" renderer, which shows four columns. */
    private static final Set<String> GRADE16 = Set.of("1323", "1356", "1358", "1381");

    private static final Set<String> GRADE17 = Set.of("1363", "1391", "1404");
    /** Exams that were listed in the older "II B.Tech. II Semester" wording. */
    private static final Set<String> OLDER_TITLES = Set.of("1437", "1476", "1590", "1628");
    /** Regular releases held for students outside our batches; nobody in the cohort has a result there. */
    static final Set<String> UNUSED_REGULARS = Set.of("1363", "1447", "1448");
    /** R18 codes after 1504 whose RC/RV release is not on record get one with this chance. */
    private static final double R18_LATER_RCRV = 0.4;
    /** Most R22 codes get an RC/RV release (public record) … */
    private static final double R22_RCRV = 0.7;
    /** … one or two months after the release. */
    private static final int R22_RCRV_LEAST_DAYS = 30;

    private static final int R22_RCRV_SPREAD_DAYS = 31;
    /** R18 RC/RV releases came three to six weeks after the exam's. */
    private static final int R18_RCRV_LEAST_DAYS = 21;

    private static final int R18_RCRV_SPREAD_DAYS = 22;
    /** RC/RV titles start with " RC/RV " (leading space, as listed), else "RC/RV ", else "RCRV ": one draw. */
    private static final double SPACED_RCRV_PREFIX_BELOW = 0.6;

    private static final double RCRV_PREFIX_BELOW = 0.85;
    /** Since 2025 some titles end with the exam session ({@code … Results June-2025}). */
    private static final LocalDate SESSION_TITLES_FROM = LocalDate.of(2025, 1, 1);

    private static final double SESSION_IN_TITLE = 0.5;

    private final List<Exam> exams;
    /** Releases by {@link Exam#key}: exam codes are numbered per programme. */
    private final Map<String, Exam> byKey = new HashMap<>();

    private final Map<String, Exam> rcrvByKey = new HashMap<>();
    /**
     * Supplementary releases per programme, regulation and semester ({@code "btech R22 2-1"}), oldest first; a minor
     * programme's releases are no semester's sittings.
     */
    private final Map<String, List<Exam>> supplementaries = new HashMap<>();

    private ExamSchedule(List<Exam> exams) {
        this.exams = List.copyOf(exams);
        for (Exam exam : exams) {
            // The real list names a few RC/RV releases twice: the first listing stands.
            (exam.rcrv() ? rcrvByKey : byKey).putIfAbsent(Exam.key(exam.degree(), exam.code()), exam);
            if (!exam.rcrv()
                    && exam.kind() != ExamKind.REGULAR
                    && !exam.semester().isEmpty()
                    && !exam.minorProgramme()) {
                supplementaries
                        .computeIfAbsent(
                                semesterKey(exam.degree(), exam.regulation(), exam.semester()),
                                key -> new ArrayList<>())
                        .add(exam);
            }
        }
    }

    private static String semesterKey(String degree, String regulation, String semester) {
        return degree + " " + regulation + " " + semester;
    }

    /**
     * The schedule of a cohort: R18 releases and noise drawn from {@code random} (in the order they were before R22
     * was added, so an R18 cohort is unchanged), R22 releases from {@code r22Random}.
     */
    public static ExamSchedule create(SplittableRandom random, SplittableRandom r22Random) {
        List<Exam> exams = new ArrayList<>();
        Set<String> enrolledCodes = new HashSet<>();
        for (R22Timetable.Entry entry : R22Timetable.entries()) {
            Exam exam = r22Exam(entry, r22Random);
            exams.add(exam);
            enrolledCodes.add(exam.code());
            if (r22Random.nextDouble() < R22_RCRV) {
                exams.add(rcrvTwin(exam, r22Random, R22_RCRV_LEAST_DAYS, R22_RCRV_SPREAD_DAYS));
            }
        }
        for (R18Timetable.Entry entry : R18Timetable.entries()) {
            Exam exam = r18Exam(entry);
            exams.add(exam);
            enrolledCodes.add(exam.code());
            if (hasRcrv(exam, random)) {
                exams.add(rcrvTwin(exam, random));
            }
        }
        exams.addAll(new NoiseReleaseGenerator(random).releases(enrolledCodes));
        exams.sort(Comparator.comparing(Exam::releaseDate)
                .thenComparing(Exam::code)
                .thenComparing(Exam::rcrv));
        return new ExamSchedule(exams);
    }

    /**
     * The schedule of the real world: every release of the real list ({@link RealList}), then the simulator's own
     * B.Tech releases after it (R22Timetable's entries past the public record, with RC/RV twins), drawn from
     * {@code random}.
     */
    public static ExamSchedule onRealList(SplittableRandom random) {
        List<Exam> exams = new ArrayList<>(RealList.releases());
        for (R22Timetable.Entry entry : R22Timetable.entries()) {
            if (Integer.parseInt(entry.code()) > R22Timetable.LAST_PUBLISHED_CODE
                    && entry.releaseDate().isAfter(RealList.SNAPSHOT_DAY)) {
                Exam exam = r22Exam(entry, random);
                exams.add(exam);
                if (random.nextDouble() < R22_RCRV) {
                    exams.add(rcrvTwin(exam, random, R22_RCRV_LEAST_DAYS, R22_RCRV_SPREAD_DAYS));
                }
            }
        }
        exams.sort(Comparator.comparing(Exam::releaseDate)
                .thenComparing(Exam::code)
                .thenComparing(Exam::rcrv));
        return new ExamSchedule(exams);
    }

    /** Every release, exams and RC/RV, by release date, then code, an exam before its RC/RV. */
    public List<Exam> exams() {
        return exams;
    }

    /** The release (not RC/RV) of {@code degree}'s exam {@code code}; throws when there is none. */
    public Exam exam(String degree, String code) {
        Exam exam = byKey.get(Exam.key(degree, code));
        if (exam == null) {
            throw new IllegalArgumentException("no exam " + Exam.key(degree, code));
        }
        return exam;
    }

    /** The RC/RV release of {@code exam}, when one is listed. */
    public Optional<Exam> rcrvOf(Exam exam) {
        return Optional.ofNullable(rcrvByKey.get(Exam.key(exam.degree(), exam.code())));
    }

    /**
     * Supplementary releases of {@code semester} ({@code "2-1"}) in {@code regular}'s programme and regulation dated
     * after {@code regular}, oldest first.
     */
    public List<Exam> supplementariesAfter(Exam regular, String semester) {
        return supplementaries
                .getOrDefault(semesterKey(regular.degree(), regular.regulation(), semester), List.of())
                .stream()
                .filter(exam -> exam.releaseDate().isAfter(regular.releaseDate()))
                .toList();
    }

    private static Exam r18Exam(R18Timetable.Entry entry) {
        String code = entry.code();
        ExamKind kind = switch (entry.letter()) {
            case "R" -> ExamKind.REGULAR;
            case "S" -> ExamKind.SUPPLEMENTARY;
            case "AS" -> ExamKind.ADVANCED_SUPPLEMENTARY;
            // Unmarked codes came later: a later batch's regular where our timetable needs one.
            default -> R18Timetable.isSomeBatchRegular(code) ? ExamKind.REGULAR : ExamKind.SUPPLEMENTARY;
        };
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", "btech");
        params.put("examCode", code);
        if (GRADE16.contains(code)) {
            params.put("etype", "r16");
            params.put("type", "grade16");
        } else if (GRADE17.contains(code)) {
            params.put("etype", "r17");
            params.put("type", "grade17");
        } else {
            params.put("etype", "r17");
            params.put("type", "intgrade");
        }
        MarksLayout layout = GRADE16.contains(code) ? MarksLayout.FOUR_COLUMN : MarksLayout.SEVEN_COLUMN;
        return new Exam(
                code,
                r18Title(code, entry.semester(), kind),
                ReleaseCalendar.dateOf(Integer.parseInt(code)),
                params,
                "btech",
                "R18",
                entry.semester(),
                kind,
                false,
                layout);
    }

    private static String r18Title(String code, String semester, ExamKind kind) {
        return switch (code) {
            case "1363" ->
                "I B.Tech. II Semester (R18) Regular Examination Results"
                        + "(Studied 1-1 in R16 AND 1-2 IN R18 Regulation students)";
            case "1447", "1448" ->
                ExamTitles.current("B.Tech", semester, "R18", kind)
                        .replace("Regular Examinations", "Regular during COVID Pandemic Examinations");
            default ->
                OLDER_TITLES.contains(code)
                        ? ExamTitles.older(semester, "R18", kind)
                        : ExamTitles.current("B.Tech", semester, "R18", kind);
        };
    }

    private static boolean hasRcrv(Exam exam, SplittableRandom random) {
        if (exam.layout() == MarksLayout.FOUR_COLUMN
                || GRADE17.contains(exam.code())
                || UNUSED_REGULARS.contains(exam.code())) {
            return false;
        }
        boolean drawn = random.nextDouble() < R18_LATER_RCRV;
        return KNOWN_RCRV.contains(exam.code()) || (Integer.parseInt(exam.code()) > 1504 && drawn);
    }

    /** An R22 release of the timetable; some titles since 2025 end with the exam session. */
    private static Exam r22Exam(R22Timetable.Entry entry, SplittableRandom random) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", "btech");
        params.put("examCode", entry.code());
        params.put("etype", "r17");
        params.put("type", "intgrade");
        String title = ExamTitles.current("B.Tech", entry.semester(), entry.regulation(), entry.kind());
        if (!entry.releaseDate().isBefore(SESSION_TITLES_FROM) && random.nextDouble() < SESSION_IN_TITLE) {
            title = title + " " + R22Timetable.sessionOf(entry.releaseDate());
        }
        return new Exam(
                entry.code(),
                title,
                entry.releaseDate(),
                params,
                "btech",
                entry.regulation(),
                entry.semester(),
                entry.kind(),
                false,
                MarksLayout.SEVEN_COLUMN);
    }

    /** The RC/RV release of {@code exam}: same code, revaluation link, 3 to 6 weeks later. */
    static Exam rcrvTwin(Exam exam, SplittableRandom random) {
        return rcrvTwin(exam, random, R18_RCRV_LEAST_DAYS, R18_RCRV_SPREAD_DAYS);
    }

    /** The RC/RV release of {@code exam}: same code, revaluation link, {@code least} + 0..spread-1 days later. */
    private static Exam rcrvTwin(Exam exam, SplittableRandom random, int least, int spread) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", exam.degree());
        params.put("examCode", exam.code());
        params.put("etype", "r17");
        params.put("result", "gradercrv");
        params.put("type", "rcrvintgrade");
        double style = random.nextDouble();
        String prefix = style < SPACED_RCRV_PREFIX_BELOW ? " RC/RV " : style < RCRV_PREFIX_BELOW ? "RC/RV " : "RCRV ";
        LocalDate released = exam.releaseDate().plusDays(least + random.nextInt(spread));
        return exam.rcrvRelease(prefix + exam.title().strip(), released, params);
    }
}
