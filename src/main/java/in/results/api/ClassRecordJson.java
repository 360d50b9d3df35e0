package in.results.api;

import in.results.bulk.HallTicketRange;
import in.results.grading.Sgpa;
import in.results.report.ClassRecord;
import in.results.report.PointBand;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON body of {@code /api/bulk/class}: a {@link ClassRecord} as the API documents it. */
final class ClassRecordJson {
    private ClassRecordJson() {}

    static Map<String, Object> body(HallTicketRange range, ClassRecord record) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("degree", record.degree());
        body.put("regulation", record.regulation());
        body.put("hallticket_from", range.first().value());
        body.put("hallticket_to", range.last().value());
        body.put("hall_tickets", record.hallTickets());
        body.put("with_result", record.students().size());
        body.put("no_result", record.noResult());
        body.put("missing", record.missing());
        body.put("cgpa_average", record.cgpaAverage());
        body.put("cgpa_distribution", bands(record.cgpaDistribution()));
        body.put("without_cgpa", record.withoutCgpa());
        body.put("backlog_counts", record.backlogCounts());
        body.put("promotion_counts", record.promotionCounts());
        body.put(
                "students", record.students().stream().map(ClassRecordJson::row).toList());
        body.put(
                "semesters",
                record.semesters().stream().map(ClassRecordJson::semester).toList());
        return body;
    }

    static List<Map<String, Object>> bands(List<PointBand> bands) {
        return bands.stream()
                .map(band -> {
                    Map<String, Object> json = new LinkedHashMap<>();
                    json.put("from", band.from());
                    json.put("to", band.to());
                    json.put("students", band.students());
                    return json;
                })
                .toList();
    }

    private static Map<String, Object> row(ClassRecord.Row row) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("rank", row.rank() == 0 ? null : row.rank());
        json.put("hall_ticket", row.hallTicket());
        json.put("name", row.name());
        switch (row.cgpa()) {
            case Sgpa.Awarded awarded -> json.put("cgpa", awarded.value());
            case Sgpa.Fail fail -> json.put("cgpa", null); // never: a CGPA is over passed rows
            case Sgpa.NotComputed none -> {
                json.put("cgpa", null);
                json.put("cgpa_note", none.note());
            }
        }
        json.put("credits_earned", row.creditsEarned());
        json.put("credits_required", row.creditsRequired() == 0 ? null : row.creditsRequired());
        json.put("open_backlogs", row.openBacklogs());
        json.put("promotion_status", row.promotionStatus());
        json.put("promotion_short_for", row.shortFor().isEmpty() ? null : row.shortFor());
        json.put(
                "promotion",
                row.promotion().isEmpty()
                        ? null
                        : row.promotion().stream().map(ClassRecordJson::step).toList());
        return json;
    }

    private static Map<String, Object> step(ClassRecord.Step step) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("into", step.into());
        json.put("status", step.status());
        json.put("credits_earned", step.creditsEarned());
        json.put("credits_required", step.creditsRequired());
        json.put("credits_short", step.creditsShort());
        return json;
    }

    private static Map<String, Object> semester(ClassRecord.SemesterFigures semester) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("semester", semester.semester());
        json.put("students", semester.students());
        json.put(
                "top_sgpas",
                semester.topSgpas().stream()
                        .map(top -> {
                            Map<String, Object> entry = new LinkedHashMap<>();
                            entry.put("rank", top.rank());
                            entry.put("hall_ticket", top.hallTicket());
                            entry.put("name", top.name());
                            entry.put("sgpa", top.sgpa());
                            return entry;
                        })
                        .toList());
        json.put(
                "subjects",
                semester.subjects().stream()
                        .map(subject -> {
                            Map<String, Object> entry = new LinkedHashMap<>();
                            entry.put("subject_code", subject.code());
                            entry.put("subject_name", subject.name());
                            entry.put("students", subject.students());
                            entry.put("passed", subject.passed());
                            entry.put("pass_percentage", subject.passPercentage());
                            entry.put("top_grade", subject.topGrade().isEmpty() ? null : subject.topGrade());
                            return entry;
                        })
                        .toList());
        return json;
    }
}
