package in.results.simulator;

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

/** Every release the simulated university lists: the R18 B.Tech releases, their RC/RV twins and noise. */
final class ExamSchedule {

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

    private final List<Exam> exams;
    private final Map<String, Exam> byCode = new HashMap<>();
    private final Map<String, Exam> rcrvByCode = new HashMap<>();
    /** R18 supplementary releases per semester, oldest first. */
    private final Map<String, List<Exam>> supplementaries = new HashMap<>();

    private ExamSchedule(List<Exam> exams) {
        this.exams = List.copyOf(exams);
        for (Exam exam : exams) {
            (exam.rcrv() ? rcrvByCode : byCode).put(exam.code(), exam);
            if (!exam.rcrv() && exam.regulation().equals("R18") && exam.degree().equals("btech")
                    && exam.kind() != ExamKind.REGULAR) {
                supplementaries.computeIfAbsent(exam.semester(), semester -> new ArrayList<>()).add(exam);
            }
        }
    }

    static ExamSchedule create(SplittableRandom random) {
        List<Exam> exams = new ArrayList<>();
        Set<String> r18Codes = new HashSet<>();
        for (R18Timetable.Entry entry : R18Timetable.entries()) {
            Exam exam = r18Exam(entry);
            exams.add(exam);
            r18Codes.add(exam.code());
            if (hasRcrv(exam, random)) {
                exams.add(rcrvTwin(exam, random));
            }
        }
        exams.addAll(new NoiseReleaseGenerator(random).releases(r18Codes));
        exams.sort(Comparator.comparing(Exam::releaseDate).thenComparing(Exam::code).thenComparing(Exam::rcrv));
        return new ExamSchedule(exams);
    }

    List<Exam> exams() {
        return exams;
    }

    Exam exam(String code) {
        Exam exam = byCode.get(code);
        if (exam == null) {
            throw new IllegalArgumentException("no exam " + code);
        }
        return exam;
    }

    Optional<Exam> rcrvOf(String code) {
        return Optional.ofNullable(rcrvByCode.get(code));
    }

    /** R18 supplementary releases of a semester dated after {@code after}, oldest first. */
    List<Exam> supplementariesAfter(String semester, LocalDate after) {
        return supplementaries.getOrDefault(semester, List.of()).stream()
                .filter(exam -> exam.releaseDate().isAfter(after))
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
        return new Exam(code, r18Title(code, entry.semester(), kind), ReleaseCalendar.dateOf(Integer.parseInt(code)),
                params, "btech", "R18", entry.semester(), kind, false, layout);
    }

    private static String r18Title(String code, String semester, ExamKind kind) {
        return switch (code) {
            case "1363" -> "I B.Tech. II Semester (R18) Regular Examination Results"
                    + "(Studied 1-1 in R16 AND 1-2 IN R18 Regulation students)";
            case "1447", "1448" -> ExamTitles.current("B.Tech", semester, "R18", kind)
                    .replace("Regular Examinations", "Regular during COVID Pandemic Examinations");
            default -> OLDER_TITLES.contains(code)
                    ? ExamTitles.older(semester, "R18", kind)
                    : ExamTitles.current("B.Tech", semester, "R18", kind);
        };
    }

    private static boolean hasRcrv(Exam exam, SplittableRandom random) {
        if (exam.layout() == MarksLayout.FOUR_COLUMN || GRADE17.contains(exam.code())
                || UNUSED_REGULARS.contains(exam.code())) {
            return false;
        }
        boolean drawn = random.nextDouble() < 0.4;
        return KNOWN_RCRV.contains(exam.code()) || (Integer.parseInt(exam.code()) > 1504 && drawn);
    }

    /** The RC/RV release of {@code exam}: same code, revaluation link, 3 to 6 weeks later. */
    static Exam rcrvTwin(Exam exam, SplittableRandom random) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", exam.degree());
        params.put("examCode", exam.code());
        params.put("etype", "r17");
        params.put("result", "gradercrv");
        params.put("type", "rcrvintgrade");
        double style = random.nextDouble();
        String prefix = style < 0.6 ? " RC/RV " : style < 0.85 ? "RC/RV " : "RCRV ";
        return new Exam(exam.code(), prefix + exam.title().strip(), exam.releaseDate().plusDays(21 + random.nextInt(22)),
                params, exam.degree(), exam.regulation(), exam.semester(), exam.kind(), true, MarksLayout.SEVEN_COLUMN);
    }
}
