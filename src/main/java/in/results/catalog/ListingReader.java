package in.results.catalog;

import in.results.scrape.ReleaseListing;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** Reads release-list rows into releases. Pure; thread-safe. */
final class ListingReader {
    private static final Pattern CODE = Pattern.compile("\\d{1,9}");
    private static final DateTimeFormatter LISTED_DATE = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("dd-MMM-uuuu")
            .toFormatter(Locale.ENGLISH);

    private ListingReader() {}

    /**
     * The release a row announces, or empty when its link has no numeric {@code examCode} (it cannot be asked
     * for). Degree, regulation, semester, kind, special programme and RC/RV are read from the title; the link's
     * {@code degree} stands in when the title names no degree, and a link that asks for RC/RV marks an RC/RV release
     * whatever the title.
     */
    static Optional<ExamRelease> releaseOf(ReleaseListing listing) {
        Map<String, String> params = listing.linkParams();
        String code = params.getOrDefault("examCode", "");
        if (!CODE.matcher(code).matches()) {
            return Optional.empty();
        }
        ReleaseTitle title = TitleReader.read(listing.title(), Degree.ofKey(params.get("degree")));
        ReleaseDate date = listing.releaseDate().isEmpty()
                ? ReleaseDate.UNKNOWN
                : new ReleaseDate.Known(LocalDate.parse(listing.releaseDate(), LISTED_DATE));
        return Optional.of(new ExamRelease(
                code,
                title.degree(),
                title.regulation(),
                title.term(),
                title.kind(),
                title.special(),
                title.rcrv() || linkAsksForRcrv(params),
                date,
                params,
                listing.title(),
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
    static ExamRelease examImpliedBy(ExamRelease rcrv) {
        Map<String, String> params = new LinkedHashMap<>();
        String degree = rcrv.degree() != Degree.UNKNOWN
                ? rcrv.degree().key()
                : rcrv.params().get("degree");
        if (degree != null) {
            params.put("degree", degree);
        }
        params.put("examCode", rcrv.code());
        return new ExamRelease(
                rcrv.code(),
                rcrv.degree(),
                rcrv.regulation(),
                rcrv.term(),
                rcrv.kind(),
                rcrv.special(),
                false,
                ReleaseDate.UNKNOWN,
                params,
                "",
                ReleaseSource.RCRV_ROW);
    }

    /** The university serves RC/RV results under the exam's own code with {@code result=gradercrv&type=rcrvintgrade}. */
    static ExamRelease builtInRcrvOf(ExamRelease exam) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", exam.params().get("degree"));
        params.put("examCode", exam.code());
        params.put("etype", exam.params().get("etype"));
        params.put("result", "gradercrv");
        params.put("type", "rcrvintgrade");
        return new ExamRelease(
                exam.code(),
                exam.degree(),
                exam.regulation(),
                exam.term(),
                exam.kind(),
                exam.special(),
                true,
                ReleaseDate.UNKNOWN,
                params,
                "",
                ReleaseSource.BUILT_IN_TABLE);
    }
}
