package in.results.catalog;

import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One release of exam results: an exam, or the revaluation (RC/RV) results of an exam, which
 * reuse the exam's code with other link parameters.
 *
 * @param code the exam code, digits ({@code "1545"})
 * @param degree from the title, or from the link's {@code degree} when the title names none
 * @param regulation {@code "R18"} and the like; {@code ""} when not known
 * @param term the semester the release is for; see {@link #semester()}
 * @param kind regular, supplementary, advanced supplementary or UNKNOWN
 * @param special the special programme the release belongs to (a minor degree, Ph.D. course work), or NONE for a
 *     release of the degree's own semesters; a special release is never an attempt of {@code term} in the degree
 * @param rcrv whether these are RC/RV results (said by the title, or by the link's
 *     {@code result=gradercrv} / {@code etype=rcrv})
 * @param releaseDate the date the list shows, or {@link ReleaseDate#UNKNOWN}
 * @param params the parameters to send for this release, in link order: for a listed release
 *     the link's own ({@code degree}, {@code examCode}, and {@code etype}, {@code type},
 *     {@code result} only when the link has them); unmodifiable; {@code examCode} equals
 *     {@code code}
 * @param title the title as listed, whitespace collapsed; {@code ""} when not from the list
 * @param source where the catalog learned of the release
 */
public record ExamRelease(
        String code,
        Degree degree,
        String regulation,
        Term term,
        ReleaseKind kind,
        SpecialProgramme special,
        boolean rcrv,
        ReleaseDate releaseDate,
        Map<String, String> params,
        String title,
        ReleaseSource source) {
    private static final Pattern CODE = Pattern.compile("\\d{1,9}");

    public ExamRelease {
        Objects.requireNonNull(code, "code");
        if (!CODE.matcher(code).matches()) {
            throw new IllegalArgumentException("code must be digits: " + code);
        }
        Objects.requireNonNull(degree, "degree");
        Objects.requireNonNull(regulation, "regulation");
        if (!regulation.isEmpty()
                && !ReleaseTitle.REGULATION.matcher(regulation).matches()) {
            throw new IllegalArgumentException("regulation must be Rnn or empty: " + regulation);
        }
        Objects.requireNonNull(term, "term");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(special, "special");
        Objects.requireNonNull(releaseDate, "releaseDate");
        Objects.requireNonNull(params, "params");
        params.forEach((name, value) -> {
            Objects.requireNonNull(name, "params name");
            Objects.requireNonNull(value, () -> "params value of " + name);
        });
        if (!code.equals(params.get("examCode"))) {
            throw new IllegalArgumentException("params must carry examCode=" + code + ": " + params);
        }
        // Map.copyOf would lose the link's order, and the link is sent back as it was.
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(source, "source");
    }

    /** A release of the degree's own semesters (special NONE); the other parameters as in the canonical constructor. */
    public ExamRelease(
            String code,
            Degree degree,
            String regulation,
            Term term,
            ReleaseKind kind,
            boolean rcrv,
            ReleaseDate releaseDate,
            Map<String, String> params,
            String title,
            ReleaseSource source) {
        this(code, degree, regulation, term, kind, SpecialProgramme.NONE, rcrv, releaseDate, params, title, source);
    }

    /** The semester, or empty when the title names a whole year or no term at all. */
    public Optional<Semester> semester() {
        return term instanceof Semester semester ? Optional.of(semester) : Optional.empty();
    }

    /** The release date, or empty when not known. */
    public Optional<LocalDate> releasedOn() {
        return releaseDate.toOptional();
    }
}
