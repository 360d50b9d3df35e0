package in.results.simulator;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Answers {@code /resultAction} as the university does: the result page when the student has a
 * result in the exam, the RC/RV page for {@code result=gradercrv}, the search form (HTTP 200) when
 * there is no result, and Tomcat's 500 page when the hall ticket or exam code is missing or the
 * code is not a number (the real servlet dies with a NullPointerException there).
 */
final class ResultResponder {

    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private static final List<String> FORM_FIELDS = List.of("degree", "examCode", "etype", "type", "result", "grad");

    private final Map<String, Student> students = new HashMap<>();
    private final Map<String, Exam> exams = new HashMap<>();

    ResultResponder(Cohort cohort) {
        cohort.students().forEach(student -> students.put(student.hallTicket(), student));
        cohort.exams().stream().filter(exam -> !exam.rcrv()).forEach(exam -> exams.put(exam.code(), exam));
    }

    /** {@code param} reads a request parameter, returning null when absent. */
    Answer answer(Function<String, String> param) {
        String hallTicket = param.apply("htno");
        String examCode = param.apply("examCode");
        if (hallTicket == null
                || hallTicket.isBlank()
                || examCode == null
                || !DIGITS.matcher(examCode.strip()).matches()) {
            return Answer.internalError();
        }
        Student student = students.get(hallTicket.strip().toUpperCase(Locale.ROOT));
        Exam exam = exams.get(examCode.strip());
        boolean rcrv = "gradercrv".equalsIgnoreCase(param.apply("result"));
        if (student != null && exam != null) {
            List<Mark> rows = (rcrv ? student.rcrvResults() : student.results()).get(exam.code());
            if (rows != null) {
                return Answer.page(
                        rcrv
                                ? ResultPageWriter.rcrvPage(exam, student, rows)
                                : ResultPageWriter.resultPage(exam, student, rows));
            }
        }
        return searchForm(param);
    }

    /** The search form, carrying the request's exam parameters forward (the release list links here). */
    Answer searchForm(Function<String, String> param) {
        Map<String, String> carried = new LinkedHashMap<>();
        for (String field : FORM_FIELDS) {
            String value = param.apply(field);
            if (value != null) {
                carried.put(field, value);
            }
        }
        return Answer.page(SearchFormWriter.searchForm(carried));
    }
}
