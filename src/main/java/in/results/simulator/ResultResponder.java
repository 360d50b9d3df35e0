package in.results.simulator;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.simulator.pages.ResultPageWriter;
import in.results.simulator.pages.SearchFormWriter;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.Programme;
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
 *
 * <p>Exam codes are numbered per programme, so the exam asked for is the programme's that the {@code degree}
 * parameter names: an empty {@code degree=} is B.Pharmacy (whose links on the real list lost the value), no
 * {@code degree} at all (or one no programme has) B.Tech. A release is an RC/RV one when the query says so in any of the list's ways
 * ({@code result=gradercrv}, {@code etype=rcrv}, {@code type=rcrvintgrade}). A student has results only in their own
 * programme's releases.
 */
final class ResultResponder {

    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private static final List<String> FORM_FIELDS = List.of("degree", "examCode", "etype", "type", "result", "grad");

    private final Map<String, Student> students = new HashMap<>();
    /** Releases (not RC/RV) by {@link Exam#key}. */
    private final Map<String, Exam> exams = new HashMap<>();

    ResultResponder(Cohort cohort) {
        cohort.students().forEach(student -> students.put(student.hallTicket(), student));
        cohort.exams().stream()
                .filter(exam -> !exam.rcrv())
                .forEach(exam -> exams.putIfAbsent(Exam.key(exam.degree(), exam.code()), exam));
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
        Exam exam = exams.get(Exam.key(programmeAsked(param.apply("degree")).degree(), examCode.strip()));
        boolean rcrv = "gradercrv".equalsIgnoreCase(param.apply("result"))
                || "rcrv".equalsIgnoreCase(param.apply("etype"))
                || "rcrvintgrade".equalsIgnoreCase(param.apply("type"));
        if (student != null && exam != null && student.programme() == exam.programme()) {
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

    /** The programme a request's {@code degree} names: empty is B.Pharmacy; absent or unknown, B.Tech. */
    private static Programme programmeAsked(String degree) {
        if (degree == null) {
            return Programme.BTECH;
        }
        if (degree.isBlank()) {
            return Programme.BPHARMACY;
        }
        for (Programme programme : Programme.values()) {
            if (programme.degree().equalsIgnoreCase(degree.strip())) {
                return programme;
            }
        }
        return Programme.BTECH;
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
