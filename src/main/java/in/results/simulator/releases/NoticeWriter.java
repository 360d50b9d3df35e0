package in.results.simulator.releases;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/** Notifications in the university's wording, one per recent release, newest first. */
public final class NoticeWriter {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("dd-MM-yyyy");
    private static final DateTimeFormatter SITTING = DateTimeFormatter.ofPattern("MMM-yyyy", Locale.ENGLISH);
    private static final Map<String, String> PROGRAMMES = Map.of(
            "btech",
            "B.TECH",
            "bpharmacy",
            "B.PHARMACY",
            "mtech",
            "M.TECH",
            "mpharmacy",
            "M.PHARMACY",
            "mba",
            "MBA",
            "mca",
            "MCA");

    private final SplittableRandom random;

    /** A writer drawing how many notices there are and their wording from {@code random}. */
    public NoticeWriter(SplittableRandom random) {
        this.random = random;
    }

    /** 15 to 30 notices about the latest of {@code exams}, newest first, each dated on its release's day. */
    public List<Notice> notices(List<Exam> exams) {
        List<Exam> latest = new ArrayList<>(exams);
        latest.sort(Comparator.comparing(Exam::releaseDate)
                .thenComparing(Exam::code)
                .reversed());
        int count = 15 + random.nextInt(16);
        List<Notice> notices = new ArrayList<>();
        for (Exam exam : latest.subList(0, Math.min(count, latest.size()))) {
            notices.add(new Notice(exam.releaseDate(), description(exam)));
        }
        return notices;
    }

    private String description(Exam exam) {
        String programme = PROGRAMMES.get(exam.degree());
        if (exam.degree().equals("btech") && random.nextBoolean()) {
            programme = random.nextBoolean() ? "B.TECH / B.PHARM" : "B.TECH / B.PHARMACY";
        }
        String semester = exam.semester().isEmpty() ? "I YEAR" : ExamTitles.romanSemester(exam.semester());
        String kind = switch (exam.kind()) {
            case REGULAR -> random.nextBoolean() ? "REGULAR" : "REGULAR / SUPPLY";
            case SUPPLEMENTARY -> random.nextBoolean() ? "SUPPLY" : "SUPPLEMENTARY";
            case ADVANCED_SUPPLEMENTARY -> "ADV. SUPPLEMENTARY";
        };
        String regulation = exam.regulation().equals("R18") ? "" : " (REGULATION: " + exam.regulation() + ")";
        String sitting = exam.releaseDate().minusMonths(2).format(SITTING).toUpperCase(Locale.ENGLISH);
        LocalDate lastDay = exam.releaseDate().plusDays(7);
        if (exam.rcrv()) {
            return programme + " " + semester + " " + kind + regulation + " " + sitting + " EXAMINATIONS "
                    + (random.nextBoolean() ? "RCRV" : "RC/RV") + " RESULTS PUBLISHED. LAST DATE TO APPLY FOR "
                    + "CHALLENGE VALUATION : " + lastDay.format(DAY) + ".";
        }
        return programme + " " + semester + " " + kind + regulation + " " + sitting
                + " EXAMINATIONS RESULTS PUBLISHED. LAST DATE TO APPLY FOR RECOUNTING/ REVALUATION : "
                + lastDay.format(DAY) + ".";
    }
}
