package in.results.api;

import in.results.catalog.Course;
import in.results.catalog.ExamRelease;
import in.results.catalog.ReleaseKind;
import in.results.catalog.Semester;
import in.results.core.LookupFailure;
import in.results.grading.GradeCalculator;
import in.results.grading.Grading;
import in.results.grading.Sgpa;
import in.results.lookup.ExamAnswer;
import in.results.report.StudentReport;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import in.results.store.CachedAnswer;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON shapes clients were promised: student details ({@code HTNO}, {@code NAME}, {@code FATHER NAME},
 * {@code COLLEGE CODE}), subjects in short form (code, name, grade, credits) and full form (plus internal, external
 * and total marks), and the SGPA object.
 */
final class ResultJson {
    private static final DateTimeFormatter RELEASE_DATE = DateTimeFormatter.ofPattern("dd-MMM-yyyy", Locale.ENGLISH);

    private ResultJson() {}

    /** Which subject fields an endpoint shows. */
    enum Form {
        SHORT,
        FULL
    }

    /**
     * The student as the answers about a student's whole course name them: {@code details}, the {@code regulation} and
     * {@code degree} read from the hall ticket, and {@code lateral_entry}; a new map, for the caller to add to.
     */
    static Map<String, Object> student(StudentReport report, Course course) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("details", details(report.details()));
        json.put("regulation", course.regulation().code());
        json.put("degree", course.degree().key());
        json.put("lateral_entry", report.lateralEntry());
        return json;
    }

    static Map<String, String> details(StudentDetails details) {
        Map<String, String> json = new LinkedHashMap<>();
        json.put("HTNO", details.hallTicket());
        json.put("NAME", details.name());
        json.put("FATHER NAME", details.fatherName());
        json.put("COLLEGE CODE", details.collegeCode());
        return json;
    }

    static Map<String, String> subject(SubjectResult row, Form form) {
        Map<String, String> json = new LinkedHashMap<>();
        json.put("subject_code", row.code());
        json.put("subject_name", row.name());
        if (form == Form.FULL) {
            json.put("internal_marks", row.internal());
            json.put("external_marks", row.external());
            json.put("total_marks", row.total());
        }
        json.put("grade_earned", row.grade());
        json.put("subject_credits", row.credits());
        return json;
    }

    static List<Map<String, String>> subjects(List<SubjectResult> rows, Form form) {
        return rows.stream().map(row -> subject(row, form)).toList();
    }

    /**
     * {@code {"SGPA": 8.25}}, {@code {"SGPA": "FAIL"}} or {@code {"SGPA": null, "SGPA_note": "…"}}: the number form
     * of /api/calculate, bulk, /calculate.
     */
    static Map<String, Object> sgpaNumber(Sgpa sgpa) {
        Map<String, Object> json = new LinkedHashMap<>();
        putSgpa(json, "SGPA", sgpa);
        return json;
    }

    /**
     * Puts the SGPA under {@code key} as a number, or the string {@code "FAIL"} when it is not awarded; when it is not
     * computed, {@code null} and the reason under {@code key + "_note"}.
     */
    static void putSgpa(Map<String, Object> json, String key, Sgpa sgpa) {
        if (sgpa instanceof Sgpa.NotComputed none) {
            putNotComputed(json, key, none);
        } else {
            json.put(key, sgpaValue(sgpa));
        }
    }

    /**
     * The SGPA as the number form writes it ({@link #putSgpa}): the number, the string {@code "FAIL"} when it is not
     * awarded, {@code null} when it is not computed.
     */
    static Object sgpaValue(Sgpa sgpa) {
        return switch (sgpa) {
            case Sgpa.Awarded awarded -> awarded.value();
            case Sgpa.Fail fail -> "FAIL";
            case Sgpa.NotComputed none -> null;
        };
    }

    /**
     * Puts the SGPA under {@code key} in the string form of the all-semesters answers: exactly two decimals
     * ({@code "10.00"}) or {@code "FAIL"}; when it is not computed, {@code null} and the reason under
     * {@code key + "_note"}.
     */
    static void putSgpaText(Map<String, Object> json, String key, Sgpa sgpa) {
        switch (sgpa) {
            case Sgpa.Awarded awarded -> json.put(key, awarded.value().toPlainString());
            case Sgpa.Fail fail -> json.put(key, "FAIL");
            case Sgpa.NotComputed none -> putNotComputed(json, key, none);
        }
    }

    private static void putNotComputed(Map<String, Object> json, String key, Sgpa.NotComputed none) {
        json.put(key, null);
        json.put(key + "_note", none.note());
    }

    /**
     * A release, the same object wherever an answer names one: {@code exam_code}, {@code exam_name} (its title on the
     * release list, {@code ""} when known only from the built-in table), {@code release_date} ({@code DD-MON-YYYY},
     * {@code ""} when unknown), {@code kind} ({@code regular} when the title says Regular, else
     * {@code supplementary}), {@code rcrv}, {@code semester} ({@code 1-1} … {@code 4-2}, {@code ""} when the title
     * names none) and {@code degree} ({@code btech}).
     */
    static Map<String, Object> release(ExamRelease release) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("exam_code", release.code());
        json.put("exam_name", release.title());
        json.put(
                "release_date",
                release.releasedOn()
                        .map(date -> date.format(RELEASE_DATE).toUpperCase(Locale.ROOT))
                        .orElse(""));
        json.put("kind", release.kind() == ReleaseKind.REGULAR ? "regular" : "supplementary");
        json.put("rcrv", release.rcrv());
        json.put("semester", release.semester().map(Semester::key).orElse(""));
        json.put("degree", release.degree().key());
        return json;
    }

    /** {@code [details, [subjects]]}. */
    static List<Object> page(ResultPage page, Form form) {
        return List.of(details(page.details()), subjects(page.subjects(), form));
    }

    /** {@code [{"SGPA": …}, details, [subjects]]}, the SGPA computed over the page's subjects. */
    static List<Object> calculated(ResultPage page, Form form) {
        return List.of(
                sgpaNumber(GradeCalculator.sgpaOf(page.subjects(), Grading.ofPage(page))),
                details(page.details()),
                subjects(page.subjects(), form));
    }

    /** The page of a found answer; "no result" becomes the 404 {@code RESULT_NOT_FOUND}. */
    static ResultPage pageOf(CachedAnswer<ExamAnswer> answer) {
        return switch (answer.value()) {
            case ExamAnswer.Found found -> found.page();
            case ExamAnswer.NoResult none ->
                throw LookupFailure.noResult("No result for this hall ticket in this exam.");
        };
    }
}
