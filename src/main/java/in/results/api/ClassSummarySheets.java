package in.results.api;

import in.results.bulk.ExamResults;
import in.results.grading.GradeCalculator;
import in.results.grading.GradeScale;
import in.results.grading.Grading;
import in.results.grading.Sgpa;
import in.results.report.ClassSummary;
import in.results.scrape.ResultPage;
import in.results.scrape.SubjectResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The spreadsheet of {@code /api/bulk/summary}: a row per student with a result (hall ticket, name, SGPA as the bulk
 * answer gives it, subjects failed, and the grade of every subject of the class), then the summary on a second sheet —
 * the same numbers as the JSON answers.
 */
final class ClassSummarySheets {
    private ClassSummarySheets() {}

    static List<Table.Sheet> of(ExamResults results, ClassSummary summary) {
        return List.of(
                new Table.Sheet("Students", List.of(students(results.pages(), summary))),
                new Table.Sheet("Summary", summaryTables(summary, results.missing())));
    }

    private static Table students(List<ResultPage> pages, ClassSummary summary) {
        List<String> codes = summary.subjects().stream()
                .map(ClassSummary.SubjectSummary::code)
                .toList();
        List<String> headings = new ArrayList<>(List.of("hall_ticket", "name", "sgpa", "subjects_failed"));
        headings.addAll(codes);
        List<List<Object>> rows = new ArrayList<>();
        for (ResultPage page : pages) {
            List<Object> cells = new ArrayList<>();
            cells.add(page.details().hallTicket());
            cells.add(page.details().name());
            cells.add(
                    switch (GradeCalculator.sgpaOf(page.subjects(), Grading.ofPage(page))) {
                        case Sgpa.Awarded awarded -> awarded.value();
                        case Sgpa.Fail fail -> "FAIL";
                        case Sgpa.NotComputed none -> null;
                    });
            cells.add(page.subjects().stream()
                    .filter(row -> GradeScale.isFail(row.grade()))
                    .count());
            for (String code : codes) {
                cells.add(page.subjects().stream()
                        .filter(row -> row.code().equals(code))
                        .map(SubjectResult::grade)
                        .findFirst()
                        .orElse(null));
            }
            rows.add(cells);
        }
        return new Table("Students", headings, rows);
    }

    private static List<Table> summaryTables(ClassSummary summary, int missing) {
        List<Table> tables = new ArrayList<>();
        tables.add(new Table(
                summary.examTitle().isEmpty() ? "Class summary" : summary.examTitle(),
                List.of("figure", "value"),
                List.of(
                        List.of("students", summary.students()),
                        List.of("missing", missing),
                        List.of("passed_all", summary.passedAll()),
                        List.of("failed_some", summary.failedSome()),
                        List.of("pass_percentage", summary.passPercentage()),
                        List.of("sgpa_average", summary.sgpaAverage()))));
        tables.add(ClassRecordSheets.bands("SGPA distribution", summary.sgpaDistribution()));
        tables.add(new Table(
                "Top ten",
                List.of("rank", "hall_ticket", "name", "sgpa"),
                summary.topTen().stream()
                        .map(ranked -> List.<Object>of(
                                ranked.rank(),
                                ranked.details().hallTicket(),
                                ranked.details().name(),
                                ranked.sgpa()))
                        .toList()));
        tables.add(new Table(
                "Grades",
                List.of("grade", "results"),
                summary.gradeDistribution().entrySet().stream()
                        .map(ClassSummarySheets::entryRow)
                        .toList()));
        tables.add(new Table(
                "Subjects",
                List.of("subject_code", "subject_name", "registered", "appeared", "passed", "pass_percentage"),
                summary.subjects().stream()
                        .map(subject -> List.<Object>of(
                                subject.code(),
                                subject.name(),
                                subject.registered(),
                                subject.appeared(),
                                subject.passed(),
                                subject.passPercentage()))
                        .toList()));
        return tables;
    }

    private static List<Object> entryRow(Map.Entry<String, Integer> entry) {
        return List.of(entry.getKey(), entry.getValue());
    }
}
