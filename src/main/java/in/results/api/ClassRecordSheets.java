package in.results.api;

import in.results.grading.Sgpa;
import in.results.report.ClassRecord;
import in.results.report.PointBand;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The spreadsheet of {@code /api/bulk/class}: the students' rows as the JSON ranks them (the CSV, and the XLSX's first
 * sheet), and the class's figures on a second sheet — the same numbers as the JSON answer.
 */
final class ClassRecordSheets {
    private ClassRecordSheets() {}

    static List<Table.Sheet> of(ClassRecord record) {
        return List.of(
                new Table.Sheet("Students", List.of(students(record))), new Table.Sheet("Summary", summary(record)));
    }

    /** Rank, hall ticket, name, CGPA, credits, backlogs, promotion, then each promotion step's status. */
    static Table students(ClassRecord record) {
        Set<String> steps = new LinkedHashSet<>();
        record.students().forEach(row -> row.promotion().forEach(step -> steps.add(step.into())));
        List<String> headings = new ArrayList<>(List.of(
                "rank",
                "hall_ticket",
                "name",
                "cgpa",
                "credits_earned",
                "credits_required",
                "open_backlogs",
                "promotion_status",
                "promotion_short_for"));
        steps.forEach(into -> headings.add("promotion " + into));
        List<List<Object>> rows = new ArrayList<>();
        for (ClassRecord.Row row : record.students()) {
            List<Object> cells = new ArrayList<>(Arrays.asList(
                    row.rank() == 0 ? null : row.rank(),
                    row.hallTicket(),
                    row.name(),
                    row.cgpa() instanceof Sgpa.Awarded awarded ? awarded.value() : null,
                    row.creditsEarned(),
                    row.creditsRequired() == 0 ? null : row.creditsRequired(),
                    row.openBacklogs(),
                    row.promotionStatus(),
                    row.shortFor().isEmpty() ? null : row.shortFor()));
            for (String into : steps) {
                cells.add(row.promotion().stream()
                        .filter(step -> step.into().equals(into))
                        .map(ClassRecord.Step::status)
                        .findFirst()
                        .orElse(null));
            }
            rows.add(cells);
        }
        return new Table("Students", headings, rows);
    }

    private static List<Table> summary(ClassRecord record) {
        List<Table> tables = new ArrayList<>();
        tables.add(new Table(
                "Class " + record.degree() + " " + record.regulation(),
                List.of("figure", "value"),
                List.of(
                        List.of("hall_tickets", record.hallTickets()),
                        List.of("with_result", record.students().size()),
                        List.of("no_result", record.noResult().size()),
                        List.of("missing", record.missing().size()),
                        List.of("cgpa_average", record.cgpaAverage()),
                        List.of("without_cgpa", record.withoutCgpa()))));
        tables.add(bands("CGPA distribution", record.cgpaDistribution()));
        tables.add(counts("Open backlogs", "open_backlogs", record.backlogCounts()));
        tables.add(counts("Promotion", "promotion_status", record.promotionCounts()));
        for (ClassRecord.SemesterFigures semester : record.semesters()) {
            tables.add(new Table(
                    "Semester " + semester.semester() + ": top SGPAs",
                    List.of("rank", "hall_ticket", "name", "sgpa"),
                    semester.topSgpas().stream()
                            .map(top -> List.<Object>of(top.rank(), top.hallTicket(), top.name(), top.sgpa()))
                            .toList()));
            tables.add(new Table(
                    "Semester " + semester.semester() + ": subjects",
                    List.of("subject_code", "subject_name", "students", "passed", "pass_percentage", "top_grade"),
                    semester.subjects().stream()
                            .map(subject -> Arrays.<Object>asList(
                                    subject.code(),
                                    subject.name(),
                                    subject.students(),
                                    subject.passed(),
                                    subject.passPercentage(),
                                    subject.topGrade().isEmpty() ? null : subject.topGrade()))
                            .toList()));
        }
        tables.add(hallTickets("No result", record.noResult()));
        tables.add(hallTickets("Missing (the university did not answer)", record.missing()));
        return tables;
    }

    /** Grade point bands: from, to, students. */
    static Table bands(String title, List<PointBand> bands) {
        return new Table(
                title,
                List.of("from", "to", "students"),
                bands.stream()
                        .map(band -> List.<Object>of(band.from(), band.to(), band.students()))
                        .toList());
    }

    private static Table counts(String title, String heading, Map<String, Integer> counts) {
        return new Table(
                title,
                List.of(heading, "students"),
                counts.entrySet().stream()
                        .map(entry -> List.<Object>of(entry.getKey(), entry.getValue()))
                        .toList());
    }

    private static Table hallTickets(String title, List<String> hallTickets) {
        return new Table(
                title,
                List.of("hall_ticket"),
                hallTickets.stream().map(ticket -> List.<Object>of(ticket)).toList());
    }
}
