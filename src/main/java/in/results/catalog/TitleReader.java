package in.results.catalog;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a release-list title such as {@code RC/RV B.Tech I Year II Semester (R18) Regular
 * Examinations Results}. Pure; thread-safe.
 *
 * <p>The university has written the same thing several ways over the years, all seen in the
 * 2022 list: {@code B.Tech IV Year I Semester}, {@code II B.Tech. I Semester},
 * {@code B.Tech IV Year II (R13)} (no "Semester"), {@code I B.Tech. (R15)} and
 * {@code B.Tech I Year (R15)} (the whole annual-pattern first year), {@code RC/RV} or
 * {@code RCRV} in front, and suffixes such as {@code (Studied 1-1 in R16 AND 1-2 IN R18
 * Regulation students)}. Since 2025 some titles end with the exam session, {@code … Results
 * June-2025}: it names the month the exam was written, not the release date (the list's date
 * column), and is read as nothing. Nothing here fails: what cannot be read comes back as UNKNOWN,
 * {@code ""} or {@link Term#UNSTATED}.
 */
final class TitleReader {
    private static final int CI = Pattern.CASE_INSENSITIVE;

    /** A year or semester ordinal: Roman as the university writes it, or 1st..4th. */
    private static final String ORDINAL = "(IV|III|II|I|[1-4](?:st|nd|rd|th)?)";

    private static final String HALF = "(II|I|[12](?:st|nd)?)";
    private static final String UG_DEGREE = "B\\.?\\s?(?:Tech|Pharm(?:acy)?)\\.?";

    /** {@code IV Year I Semester}, and {@code IV Year II (R13)} where "Semester" was left out. */
    private static final Pattern YEAR_HALF = Pattern.compile("\\b" + ORDINAL + "\\s+Year\\s+" + HALF + "\\b", CI);
    /** {@code II B.Tech. I Semester}: the older way, the year in front of the degree. */
    private static final Pattern ORDINAL_DEGREE_HALF =
            Pattern.compile("\\b" + ORDINAL + "\\s+" + UG_DEGREE + "\\s+" + HALF + "\\s+Sem", CI);
    /** {@code B.Tech I Year (R15)}, {@code I B.Tech. (R15)}: annual pattern, no semester. */
    private static final Pattern WHOLE_YEAR =
            Pattern.compile("\\b" + ORDINAL + "\\s+(?:Year\\b|" + UG_DEGREE + ")", CI);

    private static final Pattern REGULATION_IN_PARENS = Pattern.compile("\\(\\s*(R\\d{2})\\s*\\)", CI);
    private static final Pattern REGULATION_WORD = Pattern.compile("\\b(R\\d{2})\\b", CI);

    private static final Pattern RCRV = Pattern.compile("\\bRC\\s*/?\\s*RV\\b", CI);
    private static final Pattern REGULAR = Pattern.compile("regular", CI);
    private static final Pattern ADVANCED_SUPPLEMENTARY = Pattern.compile("\\bAdv(?:anced?)?\\.?\\s*Suppl", CI);
    private static final Pattern SUPPLEMENTARY = Pattern.compile("Supplementary|\\bSupply\\b", CI);

    // Word boundaries keep M.Tech from reading as B.Tech and "Pharm.D" out of B.Pharmacy.
    private static final Map<Degree, Pattern> DEGREES = Map.of(
            Degree.BTECH, Pattern.compile("\\bB\\.?\\s?Tech\\b", CI),
            Degree.BPHARMACY, Pattern.compile("\\bB\\.?\\s?Pharm(?:acy)?\\b", CI),
            Degree.MTECH, Pattern.compile("\\bM\\.?\\s?Tech\\b", CI),
            Degree.MPHARMACY, Pattern.compile("\\bM\\.?\\s?Pharm(?:acy)?\\b", CI),
            Degree.MBA, Pattern.compile("\\bM\\.?B\\.?A\\b", CI),
            Degree.MCA, Pattern.compile("\\bM\\.?C\\.?A\\b", CI));

    private TitleReader() {}

    static ReleaseTitle read(String title) {
        String text = title.replace('\u00A0', ' ').replaceAll("\\s+", " ").strip();
        return new ReleaseTitle(
                degreeOf(text),
                regulationOf(text),
                termOf(text),
                kindOf(text),
                RCRV.matcher(text).find());
    }

    /** The degree named first in the title, so a stray later mention does not decide. */
    private static Degree degreeOf(String text) {
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

    private static Term termOf(String text) {
        for (Pattern yearAndHalf : new Pattern[] {YEAR_HALF, ORDINAL_DEGREE_HALF}) {
            Matcher m = yearAndHalf.matcher(text);
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

    /** A release is regular iff its title says "Regular", in any case; every other release is supplementary. */
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

    private static int numberOf(String ordinal) {
        return switch (ordinal.toUpperCase(Locale.ROOT)) {
            case "I" -> 1;
            case "II" -> 2;
            case "III" -> 3;
            case "IV" -> 4;
            default -> ordinal.charAt(0) - '0'; // 1st..4th, guaranteed by the patterns
        };
    }
}
