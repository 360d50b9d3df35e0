package in.results.simulator.releases;

import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.List;
import java.util.Locale;

/** Release titles in the university's wording (several house styles were used over the years). */
public final class ExamTitles {

    private static final List<String> ROMAN = List.of("I", "II", "III", "IV");
    private static final List<String> PG_ROMAN = List.of("I", "II", "III", "IV", "V", "VI");

    private ExamTitles() {}

    /** {@code B.Tech II Year I Semester (R18) Regular Examinations Results}. */
    static String current(String programme, String semester, String regulation, ExamKind kind) {
        if (semester.isEmpty()) {
            return programme + " I Year (" + regulation + ") " + kindWords(kind) + " Examinations Results";
        }
        return programme + " " + year(semester) + " Year " + half(semester) + " Semester (" + regulation + ") "
                + kindWords(kind) + " Examinations Results";
    }

    /** The older style, {@code II B.Tech. II Semester (R18) Regular Examinations Results}. */
    static String older(String semester, String regulation, ExamKind kind) {
        return year(semester) + " B.Tech. " + half(semester) + " Semester (" + regulation + ") " + kindWords(kind)
                + " Examinations Results";
    }

    /**
     * The heading of a result page, which differs from the list title:
     * {@code II B.Tech. I Semester (R18) Regular, March} then the year and {@code Exams}.
     */
    public static String pageHeading(String semester, String regulation, ExamKind kind, String month) {
        String semesterWords = semester.isEmpty() ? "" : " " + half(semester) + " Semester";
        return year(semester.isEmpty() ? "1-1" : semester) + " B.Tech." + semesterWords + " (" + regulation + ") "
                + kindWords(kind) + ", " + month;
    }

    /**
     * The heading of {@code exam}'s result page: {@link #pageHeading(String, String, ExamKind, String)} for B.Tech (a
     * minor-degree release adds {@code Minor Degree} before the kind), {@code II B.Pharm. I Semester (R22) Regular,
     * March} for B.Pharmacy, {@code MCA III Semester (R22) Regular, March} for postgraduate programmes.
     */
    public static String pageHeading(Exam exam, String month) {
        Programme programme = exam.programme();
        String kind = (exam.minorProgramme() ? "Minor Degree " : "") + kindWords(exam.kind());
        if (programme.postgraduate() && !exam.semester().isEmpty()) {
            int number =
                    2 * (exam.semester().charAt(0) - '1') + (exam.semester().charAt(2) - '1');
            return programme.title() + " " + PG_ROMAN.get(number) + " Semester (" + exam.regulation() + ") " + kind
                    + ", " + month;
        }
        if (programme == Programme.BPHARMACY && !exam.semester().isEmpty()) {
            return year(exam.semester()) + " B.Pharm. " + half(exam.semester()) + " Semester (" + exam.regulation()
                    + ") " + kind + ", " + month;
        }
        if (exam.minorProgramme()) {
            return pageHeading(exam.semester(), exam.regulation(), exam.kind(), month)
                    .replace(") " + kindWords(exam.kind()), ") " + kind);
        }
        return pageHeading(exam.semester(), exam.regulation(), exam.kind(), month);
    }

    /**
     * The full English name of {@code date}'s month ({@code March}), as result page headings and the exam session of a
     * title ({@code June-2025}) write it.
     */
    public static String monthName(LocalDate date) {
        return date.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
    }

    /**
     * The kind as titles and page headings word it: {@code Regular}, {@code Supplementary}, {@code Advanced
     * Supplementary}.
     */
    public static String kindWords(ExamKind kind) {
        return switch (kind) {
            case REGULAR -> "Regular";
            case SUPPLEMENTARY -> "Supplementary";
            case ADVANCED_SUPPLEMENTARY -> "Advanced Supplementary";
        };
    }

    /** "2-1" to "II-I", as notices write semesters. */
    static String romanSemester(String semester) {
        return year(semester) + "-" + half(semester);
    }

    private static String year(String semester) {
        return ROMAN.get(semester.charAt(0) - '1');
    }

    private static String half(String semester) {
        return ROMAN.get(semester.charAt(2) - '1');
    }
}
