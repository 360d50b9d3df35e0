package in.results.simulator.releases;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a real list title says about its release: regulation, semester and kind. Whitespace is collapsed first
 * (titles hold double spaces); undergraduate patterns ({@code II Year I Semester}, {@code II B.Tech. I Semester}) are
 * tried for B.Tech and B.Pharmacy only, so that {@code I Semester} inside them is never read as a postgraduate
 * semester; postgraduate titles count semesters I … VI, numbered here {@code 1-1} … {@code 3-2}. A title naming no
 * semester (year-wise) reads as semester {@code ""}, and so do Ph.D. course work and {@code Others Course}, filed under
 * the postgraduate programmes' codes but no semester of theirs.
 */
record ListedTitle(String regulation, String semester, ExamKind kind) {

    private static final List<String> ROMAN = List.of("I", "II", "III", "IV", "V", "VI");
    private static final Pattern REGULATION = Pattern.compile("\\((R\\d{2})\\)");
    private static final Pattern YEAR_SEMESTER = Pattern.compile("\\b(I|II|III|IV) Year (I|II) Semester");
    private static final Pattern YEAR_DEGREE_SEMESTER =
            Pattern.compile("\\b(I|II|III|IV) B\\. ?(?:Tech|Pharm)\\w*\\.? (?:Year )?(I|II) Semester");
    private static final Pattern PG_SEMESTER = Pattern.compile("\\b(I|II|III|IV|V|VI) Semester");
    private static final Pattern SPECIAL = Pattern.compile("(?i).*\\b(ph\\.? ?d|others course).*");

    /** Reads {@code title}, a release of {@code programme}. */
    static ListedTitle read(Programme programme, String title) {
        String text = title.strip().replaceAll("\\s+", " ");
        Matcher regulation = REGULATION.matcher(text);
        return new ListedTitle(regulation.find() ? regulation.group(1) : "", semesterOf(programme, text), kindOf(text));
    }

    private static String semesterOf(Programme programme, String text) {
        if (SPECIAL.matcher(text).matches()) {
            return "";
        }
        if (!programme.postgraduate()) {
            for (Pattern pattern : List.of(YEAR_SEMESTER, YEAR_DEGREE_SEMESTER)) {
                Matcher matcher = pattern.matcher(text);
                if (matcher.find()) {
                    return (ROMAN.indexOf(matcher.group(1)) + 1) + "-" + (ROMAN.indexOf(matcher.group(2)) + 1);
                }
            }
            return "";
        }
        Matcher matcher = PG_SEMESTER.matcher(text);
        if (!matcher.find()) {
            return "";
        }
        int number = ROMAN.indexOf(matcher.group(1));
        return (number / 2 + 1) + "-" + (number % 2 + 1);
    }

    /** Any supplementary wording makes a supplementary ({@code Regular/Supplementary} is no batch's regular). */
    private static ExamKind kindOf(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("advance")) {
            return ExamKind.ADVANCED_SUPPLEMENTARY;
        }
        if (lower.contains("supplementary") || lower.contains("supply")) {
            return ExamKind.SUPPLEMENTARY;
        }
        return ExamKind.REGULAR;
    }
}
