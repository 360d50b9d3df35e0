package in.results.report;

import in.results.grading.GradeCalculator;
import in.results.grading.GradeScale;
import in.results.grading.Grading;
import in.results.grading.Sgpa;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a teacher reads off a class's results in one exam: built by {@link #of} from the result pages of a finished
 * bulk job (one page per student with a result, in roll order). Nothing here asks the university.
 *
 * @param examTitle         the exam's title as its result pages show it ({@code ""} when nobody has a result)
 * @param students          students with a result
 * @param passedAll         students with no fail grade (F, Ab, {@code -}): the SGPA is awarded
 * @param failedSome        students with at least one fail grade
 * @param passPercentage    passedAll / students × 100, rounded half-up to 2 decimals (0 without students)
 * @param sgpaAverage       mean of the awarded SGPAs, rounded half-up to 2 decimals (0 when none is awarded)
 * @param sgpaDistribution  awarded SGPAs counted in the bands of {@link PointBand#LIMITS}, lowest band first
 * @param topTen            the ten best awarded SGPAs, best first, ties in roll order and sharing a rank
 * @param gradeDistribution every row of every student counted by grade, in {@link #GRADE_ORDER}
 * @param subjects          per subject, in the order subjects first appear on the pages
 */
public record ClassSummary(
        String examTitle,
        int students,
        int passedAll,
        int failedSome,
        BigDecimal passPercentage,
        BigDecimal sgpaAverage,
        List<PointBand> sgpaDistribution,
        List<Ranked> topTen,
        Map<String, Integer> gradeDistribution,
        List<SubjectSummary> subjects) {

    /** Grades in the order they are listed; grades the table does not know follow in the order first seen. */
    public static final List<String> GRADE_ORDER = List.of("O", "A+", "A", "B+", "B", "C", "D", "P", "F", "Ab", "-");

    private static final int TOP = 10;

    public ClassSummary {
        Objects.requireNonNull(examTitle, "examTitle");
        Objects.requireNonNull(passPercentage, "passPercentage");
        Objects.requireNonNull(sgpaAverage, "sgpaAverage");
        sgpaDistribution = List.copyOf(sgpaDistribution);
        topTen = List.copyOf(topTen);
        gradeDistribution = Collections.unmodifiableMap(new LinkedHashMap<>(gradeDistribution));
        subjects = List.copyOf(subjects);
    }

    /** One of the top ten: the rank is 1 + the number of students with a higher SGPA. */
    public record Ranked(int rank, StudentDetails details, BigDecimal sgpa) {
        public Ranked {
            Objects.requireNonNull(details, "details");
            Objects.requireNonNull(sgpa, "sgpa");
        }
    }

    /**
     * One subject of the class.
     *
     * @param registered     students whose page lists the subject
     * @param appeared       of those, the ones not absent (every grade but Ab)
     * @param passed         of those, the ones with a pass grade (not F, Ab or {@code -})
     * @param passPercentage passed / appeared × 100, rounded half-up to 2 decimals (0 when nobody appeared)
     * @param grades         rows counted by grade, in {@link #GRADE_ORDER}
     */
    public record SubjectSummary(
            String code,
            String name,
            int registered,
            int appeared,
            int passed,
            BigDecimal passPercentage,
            Map<String, Integer> grades) {
        public SubjectSummary {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(passPercentage, "passPercentage");
            grades = Collections.unmodifiableMap(new LinkedHashMap<>(grades));
        }
    }

    /** The summary of a class from its result pages, in roll order. */
    public static ClassSummary of(List<ResultPage> pages) {
        List<Scored> awarded = new ArrayList<>();
        Map<String, List<SubjectResult>> rowsBySubject = new LinkedHashMap<>();
        List<String> grades = new ArrayList<>();
        for (ResultPage page : pages) {
            if (GradeCalculator.sgpaOf(page.subjects(), Grading.ofPage(page))
                    instanceof Sgpa.Awarded(BigDecimal sgpa)) {
                awarded.add(new Scored(page.details(), sgpa));
            }
            for (SubjectResult row : page.subjects()) {
                rowsBySubject
                        .computeIfAbsent(row.code(), code -> new ArrayList<>())
                        .add(row);
                grades.add(row.grade());
            }
        }
        List<BigDecimal> sgpas = awarded.stream().map(Scored::sgpa).toList();
        List<SubjectSummary> subjects = rowsBySubject.entrySet().stream()
                .map(entry -> subjectOf(entry.getKey(), entry.getValue()))
                .toList();
        int students = pages.size();
        return new ClassSummary(
                pages.isEmpty() ? "" : pages.getFirst().examTitle(),
                students,
                awarded.size(),
                students - awarded.size(),
                ClassFigures.percent(awarded.size(), students),
                ClassFigures.average(sgpas),
                PointBand.distribution(sgpas),
                topTen(awarded),
                countByGrade(grades),
                subjects);
    }

    /** A student whose SGPA is awarded. */
    private record Scored(StudentDetails details, BigDecimal sgpa) {}

    private static List<Ranked> topTen(List<Scored> awarded) {
        return ClassFigures.ranked(awarded, Scored::sgpa).stream()
                .limit(TOP)
                .map(ranked -> new Ranked(
                        ranked.rank(), ranked.entry().details(), ranked.entry().sgpa()))
                .toList();
    }

    private static SubjectSummary subjectOf(String code, List<SubjectResult> rows) {
        int appeared = 0;
        int passed = 0;
        for (SubjectResult row : rows) {
            if (!row.grade().equalsIgnoreCase("Ab")) {
                appeared++;
            }
            if (!GradeScale.isFail(row.grade())) {
                passed++;
            }
        }
        return new SubjectSummary(
                code,
                rows.getFirst().name(),
                rows.size(),
                appeared,
                passed,
                ClassFigures.percent(passed, appeared),
                countByGrade(rows.stream().map(SubjectResult::grade).toList()));
    }

    /** Counts in {@link #GRADE_ORDER}, then unknown grades in the order first seen; grades nobody got are left out. */
    private static Map<String, Integer> countByGrade(List<String> grades) {
        Map<String, Integer> seen = new LinkedHashMap<>();
        grades.forEach(grade -> seen.merge(grade, 1, Integer::sum));
        Map<String, Integer> ordered = new LinkedHashMap<>();
        GRADE_ORDER.stream().filter(seen::containsKey).forEach(grade -> ordered.put(grade, seen.get(grade)));
        seen.forEach(ordered::putIfAbsent);
        return ordered;
    }
}
