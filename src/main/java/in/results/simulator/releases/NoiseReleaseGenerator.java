package in.results.simulator.releases;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Releases of other regulations and degrees, listed among the R18 and R22 B.Tech ones as on the real
 * site. They make catalog discovery honest: nobody in the cohort has a result in any of them. B.Tech
 * noise is of older regulations only: every R22 B.Tech release is some enrolled batch's.
 */
final class NoiseReleaseGenerator {

    private static final int FIRST_CODE = 1300;
    private static final int LAST_CODE = 1865;

    private record Degree(String param, String programme, int years) {}

    private static final List<Degree> DEGREES = List.of(
            new Degree("btech", "B.Tech", 4),
            new Degree("bpharmacy", "B.Pharmacy", 4),
            new Degree("mtech", "M.Tech", 2),
            new Degree("mpharmacy", "M.Pharmacy", 2),
            new Degree("mba", "MBA", 2),
            new Degree("mca", "MCA", 2));
    private static final double[] DEGREE_WEIGHTS = {0.5, 0.15, 0.12, 0.07, 0.08, 0.08};

    /** Older B.Tech regulations still holding supplementary exams (R16 most often). */
    private static final List<String> OLDER_BTECH_REGULATIONS = List.of("R16", "R16", "R15", "R13", "R09");
    /** Share of other degrees' releases since 2023 that are of their R22 regulation. */
    private static final double R22_SHARE_SINCE_2023 = 0.6;

    private final SplittableRandom random;

    NoiseReleaseGenerator(SplittableRandom random) {
        this.random = random;
    }

    /** 40 to 80 releases (plus some RC/RV twins) on codes that are not in {@code taken}. */
    List<Exam> releases(Set<String> taken) {
        List<Integer> free = new ArrayList<>();
        for (int code = FIRST_CODE; code <= LAST_CODE; code++) {
            if (!taken.contains(Integer.toString(code))) {
                free.add(code);
            }
        }
        int count = 40 + random.nextInt(41);
        List<Exam> exams = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int code = free.remove(random.nextInt(free.size()));
            Exam exam = release(Integer.toString(code), ReleaseCalendar.dateOf(code));
            exams.add(exam);
            if (random.nextDouble() < 0.2) {
                exams.add(rcrvTwin(exam));
            }
        }
        return exams;
    }

    private Exam release(String code, LocalDate date) {
        Degree degree = DEGREES.get(pick(DEGREE_WEIGHTS));
        String regulation = regulation(degree, date);
        boolean yearWise = degree.param().equals("btech")
                && (regulation.equals("R13") || regulation.equals("R09"))
                && random.nextDouble() < 0.3;
        String semester = yearWise ? "" : (1 + random.nextInt(degree.years())) + "-" + (1 + random.nextInt(2));
        ExamKind kind = kind(regulation, semester);
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", degree.param());
        params.put("examCode", code);
        MarksLayout layout = MarksLayout.SEVEN_COLUMN;
        switch (regulation) {
            case "R22", "R17" -> {
                params.put("etype", "r17");
                params.put("type", "intgrade");
            }
            case "R16" -> {
                boolean grade16 = random.nextBoolean();
                params.put("etype", "r16");
                params.put("type", grade16 ? "grade16" : "intgrade");
                layout = grade16 ? MarksLayout.FOUR_COLUMN : MarksLayout.SEVEN_COLUMN;
            }
            case "R19" -> {
                if (random.nextBoolean()) {
                    params.put("etype", "r17");
                    params.put("type", "intgrade");
                }
            }
            default -> {
                // R15, R13 and R09 releases link with degree and examCode only.
            }
        }
        String title = ExamTitles.current(degree.programme(), semester, regulation, kind);
        if (random.nextDouble() < 0.08) {
            title = title + " ";
        }
        return new Exam(code, title, date, params, degree.param(), regulation, semester, kind, false, layout);
    }

    private Exam rcrvTwin(Exam exam) {
        boolean old = exam.linkParams().size() == 2 || exam.regulation().equals("R16");
        if (!old) {
            return ExamSchedule.rcrvTwin(exam, random);
        }
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", exam.degree());
        params.put("examCode", exam.code());
        params.put("etype", "rcrv");
        String prefix = random.nextBoolean() ? " RC/RV " : "RCRV ";
        LocalDate released = exam.releaseDate().plusDays(21 + random.nextInt(22));
        return exam.rcrvRelease(prefix + exam.title(), released, params);
    }

    private String regulation(Degree degree, LocalDate date) {
        if (degree.param().equals("btech")) {
            return OLDER_BTECH_REGULATIONS.get(random.nextInt(OLDER_BTECH_REGULATIONS.size()));
        }
        boolean r22Era = date.getYear() >= 2023 && random.nextDouble() < R22_SHARE_SINCE_2023;
        return switch (degree.param()) {
            case "bpharmacy" -> r22Era ? "R22" : "R17";
            default -> r22Era ? "R22" : "R19";
        };
    }

    private ExamKind kind(String regulation, String semester) {
        double draw = random.nextDouble();
        if (regulation.equals("R22") || regulation.equals("R19")) {
            return draw < 0.6 ? ExamKind.REGULAR : ExamKind.SUPPLEMENTARY;
        }
        if (semester.equals("4-2") && draw < 0.25) {
            return ExamKind.ADVANCED_SUPPLEMENTARY;
        }
        return draw < 0.85 ? ExamKind.SUPPLEMENTARY : ExamKind.REGULAR;
    }

    private int pick(double[] weights) {
        double draw = random.nextDouble();
        for (int i = 0; i < weights.length - 1; i++) {
            draw -= weights[i];
            if (draw < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }
}
