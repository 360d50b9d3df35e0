package in.results.catalog;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a release-list title such as {@code RC/RV B.Tech I Year II Semester (R18) Regular Examinations Results}.
 * Pure; thread-safe.
 *
 * <p>The university has written the same thing many ways over the years, all seen on the real lists:
 * <ul>
 *   <li>Undergraduate terms: {@code B.Tech IV Year I Semester}, {@code II B.Tech. I Semester} and
 *       {@code III B.Tech Year II Semester} (the year in front of the degree), {@code B.Tech IV Year II (R13)} (no
 *       "Semester"), {@code B.Pharmacy IV-II Year (R13)}, {@code I B.Tech. (R15)} and {@code B.Tech I Year (R15)}
 *       (the whole annual-pattern year).</li>
 *   <li>Postgraduate terms count semesters, {@code M.C.A. V Semester}, or years, {@code I YEAR II SEMESTER}. The
 *       semester count is read only for a postgraduate programme: the {@code I Semester} of
 *       {@code II B.Tech. I Semester} is the second half of a year, not semester 1.</li>
 *   <li>{@code RC/RV}, {@code RCRV} or {@code RC/RV} glued to the degree ({@code RC/RVB.Pharmacy}) in front.</li>
 *   <li>Regulations in parentheses, {@code (R22)}; {@code (CCC)}, {@code (NR)}, {@code (RR)}, {@code (OR)} are not
 *       regulations this service knows and read as none; suffixes such as {@code (Studied 1-1 in R16 AND 1-2 IN R18
 *       Regulation students)}.</li>
 *   <li>Since 2023 some titles carry the exam session inside or after them ({@code Supplementary March-2024
 *       Examinations Results}, {@code … Examinations AUGUST-2024 Results}, {@code AUG/SEP-2023}): it names the month
 *       the exam was written, not the release date (the list's date column), and is read as nothing.</li>
 *   <li>Special programmes written like semesters ({@code Minor Degree Program}, {@code PHD COURSE WORK},
 *       {@code Others Course}): see {@link SpecialProgramme}.</li>
 * </ul>
 * Nothing here fails: what cannot be read comes back as UNKNOWN, {@code ""}, {@link Term#UNSTATED} or
 * {@link SpecialProgramme#NONE}.
 */
final class TitleReader {
    private static final int CI = Pattern.CASE_INSENSITIVE;

    /** A year or semester ordinal: Roman as the university writes it, or 1st..4th. */
    private static final String ORDINAL = "(IV|III|II|I|[1-4](?:st|nd|rd|th)?)";

    private static final String HALF = "(II|I|[12](?:st|nd)?)";
    private static final String UG_DEGREE = "B\\.?\\s?(?:Tech|Pharm(?:acy)?)\\.?";

    /** {@code IV Year I Semester}, {@code IV Year II (R13)} where "Semester" was left out, PG {@code I YEAR II SEMESTER}. */
    private static final Pattern YEAR_HALF = Pattern.compile("\\b" + ORDINAL + "\\s+Year\\s+" + HALF + "\\b", CI);
    /** {@code II B.Tech. I Semester}, {@code III B.Tech Year II Semester}: the year in front of the degree. */
    private static final Pattern ORDINAL_DEGREE_HALF =
            Pattern.compile("\\b" + ORDINAL + "\\s+" + UG_DEGREE + "\\s+(?:Year\\s+)?" + HALF + "\\s+Sem", CI);
    /** {@code B.Pharmacy IV-II Year (R13)}: year and half joined by a dash. */
    private static final Pattern YEAR_DASH_HALF =
            Pattern.compile("\\b" + ORDINAL + "\\s*-\\s*" + HALF + "\\s+Year\\b", CI);
    /** {@code B.Tech I Year (R15)}, {@code I B.Tech. (R15)}: annual pattern, no semester. */
    private static final Pattern WHOLE_YEAR =
            Pattern.compile("\\b" + ORDINAL + "\\s+(?:Year\\b|" + UG_DEGREE + ")", CI);
    /** {@code M.C.A. V Semester}: postgraduate semesters counted through the course. */
    private static final Pattern PG_SEMESTER = Pattern.compile("\\b(VI|V|IV|III|II|I)\\s+Sem(?:ester)?\\b", CI);

    private static final Pattern REGULATION_IN_PARENS = Pattern.compile("\\(\\s*(R\\d{2})\\s*\\)", CI);
    private static final Pattern REGULATION_WORD = Pattern.compile("\\b(R\\d{2})\\b", CI);

    private static final Pattern RCRV = Pattern.compile("\\bRC\\s*/?\\s*RV\\b", CI);
    /** {@code RC/RVB.Pharmacy}: the revaluation mark glued to the degree, which hides both. */
    private static final Pattern RCRV_GLUED = Pattern.compile("\\b(RC\\s*/?\\s*RV)(?=[A-Z])", CI);

    /** "Regular" and the two misspellings the list holds ({@code Rrgular}, {@code Regualr}). */
    private static final Pattern REGULAR = Pattern.compile("\\bR(?:egular|rgular|egualr)\\b", CI);

    private static final Pattern ADVANCED_SUPPLEMENTARY = Pattern.compile("\\bAdv(?:anced?)?\\.?\\s*Suppl", CI);
    private static final Pattern SUPPLEMENTARY = Pattern.compile("Supplementary|\\bSupply\\b", CI);

    private static final Pattern MINOR_DEGREE = Pattern.compile("\\bMini?or\\s+(?:Degree|Program)", CI);
    private static final Pattern PHD_COURSE_WORK = Pattern.compile("\\b(?:Pre-?\\s*)?Ph\\.?\\s?D\\b", CI);
    private static final Pattern OTHERS_COURSE = Pattern.compile("\\bOthers\\s+Course\\b", CI);

    // Word boundaries keep M.Tech from reading as B.Tech and "Pharm.D" out of B.Pharmacy.
    private static final Map<Degree, Pattern> DEGREES = Map.of(
            Degree.BTECH, Pattern.compile("\\bB\\.?\\s?Tech\\b", CI),
            Degree.BPHARMACY, Pattern.compile("\\bB\\.?\\s?Pharm(?:acy)?\\b", CI),
            Degree.MTECH, Pattern.compile("\\bM\\.?\\s?Tech\\b", CI),
            Degree.MPHARMACY, Pattern.compile("\\bM\\.?\\s?Pharm(?:acy)?\\b", CI),
            Degree.MBA, Pattern.compile("\\bM\\.?B\\.?A\\b", CI),
            Degree.MCA, Pattern.compile("\\bM\\.?C\\.?A\\b", CI));

    private TitleReader() {}

    /**
     * What {@code title} says, whitespace (non-breaking spaces included) collapsed first.
     *
     * @param unnamed the programme to assume when the title names none (the link's {@code degree}, which is empty on
     *     most B.Pharmacy rows), or UNKNOWN; it also decides whether postgraduate semester counts are read
     */
    static ReleaseTitle read(String title, Degree unnamed) {
        String text = RCRV_GLUED
                .matcher(title.replace('\u00A0', ' ').replaceAll("\\s+", " ").strip())
                .replaceAll("$1 ");
        Degree named = degreeOf(text);
        Degree degree = named != Degree.UNKNOWN ? named : unnamed;
        return new ReleaseTitle(
                degree,
                regulationOf(text),
                termOf(text, degree),
                kindOf(text),
                specialOf(text),
                RCRV.matcher(text).find());
    }

    /** The degree named first in the title, so a stray later mention does not decide. */
    static Degree degreeOf(String text) {
        Degree found = Degree.UNKNOWN;
        int foundAt = Integer.MAX_VALUE;
        for (Map.Entry<Degree, Pattern> degree : DEGREES.entrySet()) {
            Matcher m = degree.getValue().matcher(text);
            if (m.find() && m.start() < foundAt) {
                found = degree.getKey();
                foundAt = m.start();
            }
        }
        return found;
    }

    /**
     * The regulation in parentheses, {@code (R18)}. Without one, a bare {@code R18} only when it
     * is the only regulation mentioned: suffixes like "Studied 1-1 in R16 AND 1-2 IN R18" name two.
     */
    private static String regulationOf(String text) {
        Matcher inParens = REGULATION_IN_PARENS.matcher(text);
        if (inParens.find()) {
            return inParens.group(1).toUpperCase(Locale.ROOT);
        }
        Set<String> words = new LinkedHashSet<>();
        for (Matcher m = REGULATION_WORD.matcher(text); m.find(); ) {
            words.add(m.group(1).toUpperCase(Locale.ROOT));
        }
        return words.size() == 1 ? words.iterator().next() : "";
    }

    /** Undergraduate patterns first; a postgraduate programme's semester count only for a postgraduate programme. */
    private static Term termOf(String text, Degree degree) {
        Matcher yearAndHalf = YEAR_HALF.matcher(text);
        if (yearAndHalf.find()) {
            return Semester.of(numberOf(yearAndHalf.group(1)), numberOf(yearAndHalf.group(2)));
        }
        if (degree.isPostgraduate()) {
            Matcher pg = PG_SEMESTER.matcher(text);
            return pg.find() ? pgSemester(numberOf(pg.group(1))) : Term.UNSTATED;
        }
        for (Pattern undergraduate : new Pattern[] {ORDINAL_DEGREE_HALF, YEAR_DASH_HALF}) {
            Matcher m = undergraduate.matcher(text);
            if (m.find()) {
                return Semester.of(numberOf(m.group(1)), numberOf(m.group(2)));
            }
        }
        Matcher whole = WHOLE_YEAR.matcher(text);
        if (whole.find()) {
            return new Term.WholeYear(numberOf(whole.group(1)));
        }
        return Term.UNSTATED;
    }

    /** Postgraduate semester n of the course: I = 1-1, II = 1-2, III = 2-1, … VI = 3-2. */
    private static Semester pgSemester(int n) {
        return Semester.of((n + 1) / 2, 2 - n % 2);
    }

    /**
     * A release is regular iff its title says "Regular", in any case ({@code Regular/Supplementary}, a sitting that
     * is one batch's regular exam and others' supplementary, included); every other release is a supplementary
     * sitting of some sort ({@code Special Supplementary}, {@code Supplementary (One time chance)}, {@code SUPPLY}).
     */
    private static ReleaseKind kindOf(String text) {
        if (REGULAR.matcher(text).find()) {
            return ReleaseKind.REGULAR;
        }
        if (ADVANCED_SUPPLEMENTARY.matcher(text).find()) {
            return ReleaseKind.ADVANCED_SUPPLEMENTARY;
        }
        if (SUPPLEMENTARY.matcher(text).find()) {
            return ReleaseKind.SUPPLEMENTARY;
        }
        return ReleaseKind.UNKNOWN;
    }

    private static SpecialProgramme specialOf(String text) {
        if (MINOR_DEGREE.matcher(text).find()) {
            return SpecialProgramme.MINOR_DEGREE;
        }
        if (PHD_COURSE_WORK.matcher(text).find()) {
            return SpecialProgramme.PHD_COURSE_WORK;
        }
        if (OTHERS_COURSE.matcher(text).find()) {
            return SpecialProgramme.OTHERS_COURSE;
        }
        return SpecialProgramme.NONE;
    }

    private static int numberOf(String ordinal) {
        return switch (ordinal.toUpperCase(Locale.ROOT)) {
            case "I" -> 1;
            case "II" -> 2;
            case "III" -> 3;
            case "IV" -> 4;
            case "V" -> 5;
            case "VI" -> 6;
            default -> ordinal.charAt(0) - '0'; // 1st..4th, guaranteed by the patterns
        };
    }
}
