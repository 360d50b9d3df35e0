package in.results.simulator.cohort;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import in.results.simulator.releases.MarksLayout;
import in.results.simulator.releases.R18Timetable;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Rules the ground truth must obey, checked on every row of the default cohort. */
class CohortInvariantsTest {

    private final Cohort cohort = SharedCohort.DEFAULT;
    private final Map<String, Subject> subjects = SharedCohort.subjectsByCode();

    @Test
    void grades_agree_with_totals_per_the_legend() {
        for (Mark row : allRows()) {
            if (row.grade().equals("Ab") || row.grade().equals("-")) {
                continue;
            }
            Subject subject = subjects.get(row.code());
            double percent = 100.0 * Integer.parseInt(row.total()) / subject.maxTotal();
            String expected = percent >= 90
                    ? "O"
                    : percent >= 80
                            ? "A+"
                            : percent >= 70
                                    ? "A"
                                    : percent >= 60 ? "B+" : percent >= 50 ? "B" : percent >= 40 ? "C" : "F";

            assertThat(row.grade()).as(row.toString()).isEqualTo(expected);
            assertThat(Integer.parseInt(row.total()))
                    .isEqualTo(Integer.parseInt(row.internal()) + Integer.parseInt(row.external()));
            assertThat(Integer.parseInt(row.internal())).isBetween(0, subject.maxInternal());
            assertThat(Integer.parseInt(row.external())).isBetween(0, subject.maxExternal());
        }
    }

    @Test
    void credits_are_earned_credits_zero_exactly_on_failed_rows() {
        for (Mark row : allRows()) {
            if (row.failed()) {
                assertThat(row.credits()).as(row.toString()).isEqualTo("0");
            } else {
                assertThat(row.credits())
                        .as(row.toString())
                        .isEqualTo(subjects.get(row.code()).credits());
            }
        }
        assertThat(allRows()).anyMatch(row -> !row.failed() && row.credits().equals("0"));
    }

    @Test
    void absent_rows_show_external_minus_one_and_withheld_rows_show_dashes() {
        assertThat(allRows())
                .filteredOn(row -> row.grade().equals("Ab"))
                .isNotEmpty()
                .allSatisfy(row -> {
                    assertThat(row.external()).isEqualTo("-1");
                    assertThat(row.total()).isEqualTo(row.internal());
                });
        assertThat(allRows())
                .filteredOn(row -> row.grade().equals("-"))
                .isNotEmpty()
                .allSatisfy(row -> assertThat(List.of(row.internal(), row.external(), row.total()))
                        .containsOnly("-"));
    }

    @Test
    void each_subject_code_names_one_course_with_realistic_credits() {
        Map<String, Set<String>> names = new HashMap<>();
        allRows()
                .forEach(row -> names.computeIfAbsent(row.code(), code -> new HashSet<>())
                        .add(row.name()));

        assertThat(names.values()).allSatisfy(set -> assertThat(set).hasSize(1));
        // R18 codes read 153AE, 15307; R22 codes MA101BS, CS302PC.
        assertThat(names.keySet())
                .contains("153AE", "15307", "MA101BS", "MC410HS")
                .allMatch(code -> code.matches("15[1-8][0-9A-Z]{2}|[A-Z]{2}[1-8]\\d{2}[A-Z]{2}"));
        assertThat(subjects.values()).extracting(Subject::credits).containsOnly("0", "1", "1.5", "2", "3", "4");
    }

    @Test
    void regular_pages_list_eight_to_eleven_subjects_sorted_by_code() {
        for (Student student : cohort.students()) {
            student.results().forEach((code, rows) -> {
                List<String> codes = rows.stream().map(Mark::code).toList();
                assertThat(codes).isSorted();
                if (exam(code).kind() == ExamKind.REGULAR) {
                    assertThat(rows).hasSizeBetween(8, 11);
                }
            });
        }
    }

    @Test
    void lateral_students_have_no_first_year_results() {
        List<Student> laterals =
                cohort.students().stream().filter(Student::lateralEntry).toList();

        assertThat(laterals).isNotEmpty();
        for (Student student : laterals) {
            assertThat(student.results().keySet())
                    .noneMatch(code -> exam(code).semester().startsWith("1-"));
            assertThat(student.hallTicket().charAt(4)).isEqualTo('5');
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {Cohort.DEFAULT_SEED, 1, 42})
    void no_result_is_released_before_the_batch_could_sit_the_semester(long seed) {
        Cohort generated = SharedCohort.of(seed);
        for (Student student : generated.students()) {
            int ticketYear = 2000 + Integer.parseInt(student.hallTicket().substring(0, 2));
            // Lateral entrants' hall tickets carry the year they joined second year.
            int admitted = student.lateralEntry() ? ticketYear - 1 : ticketYear;
            List<Exam> sat = new ArrayList<>();
            student.results()
                    .keySet()
                    .forEach(code -> sat.add(generated.exam(code).orElseThrow()));
            student.rcrvResults()
                    .keySet()
                    .forEach(code -> sat.add(generated.rcrvExam(code).orElseThrow()));
            for (Exam exam : sat) {
                int year = exam.semester().charAt(0) - '0';
                LocalDate earliest = LocalDate.of(admitted + year, 1, 1);

                assertThat(exam.releaseDate())
                        .as(student.hallTicket() + " in " + exam.code())
                        .isAfterOrEqualTo(earliest);
            }
        }
    }

    @Test
    void results_are_ordered_oldest_release_first() {
        for (Student student : cohort.students()) {
            List<LocalDate> dates = student.results().keySet().stream()
                    .map(code -> exam(code).releaseDate())
                    .toList();
            assertThat(dates).isSorted();
        }
    }

    @Test
    void supplementary_attempt_lists_only_the_failed_subjects() {
        int supplyPages = 0;
        for (Student student : cohort.students()) {
            Map<String, Set<String>> pendingBySemester = new HashMap<>();
            for (Map.Entry<String, List<Mark>> page : student.results().entrySet()) {
                Exam exam = exam(page.getKey());
                Set<String> stillFailed = new HashSet<>(afterRevaluation(student, page).stream()
                        .filter(Mark::failed)
                        .map(Mark::code)
                        .toList());
                if (exam.kind() == ExamKind.REGULAR) {
                    pendingBySemester.put(exam.semester(), stillFailed);
                    continue;
                }
                supplyPages++;
                Set<String> pending = pendingBySemester.get(exam.semester());
                Set<String> written = page.getValue().stream().map(Mark::code).collect(Collectors.toSet());

                assertThat(pending)
                        .as(student.hallTicket() + " wrote " + exam.code() + " without a failure")
                        .isNotNull();
                assertThat(pending)
                        .as(student.hallTicket() + " in " + exam.code())
                        .containsAll(written);
                pending.removeAll(written);
                pending.addAll(stillFailed);
            }
        }
        assertThat(supplyPages).isGreaterThan(100);
    }

    @Test
    void revaluation_either_raises_the_grade_with_new_marks_or_repeats_the_row() {
        int raised = 0;
        for (Student student : cohort.students()) {
            for (Map.Entry<String, List<Mark>> page : student.rcrvResults().entrySet()) {
                List<Mark> original = student.results().get(page.getKey());
                assertThat(original).as("RC/RV without a result page").isNotNull();
                for (Mark revalued : page.getValue()) {
                    Mark before = original.stream()
                            .filter(m -> m.code().equals(revalued.code()))
                            .findFirst()
                            .orElseThrow();
                    if (revalued.rcrvRemark().equals(Mark.NO_CHANGE)) {
                        assertThat(revalued.withRemark("")).isEqualTo(before);
                    } else {
                        raised++;
                        assertThat(revalued.rcrvRemark()).isEqualTo(Mark.CHANGE_IN_GRADE);
                        assertThat(revalued.grade()).isNotEqualTo(before.grade());
                        assertThat(Integer.parseInt(revalued.total())).isGreaterThan(Integer.parseInt(before.total()));
                        assertThat(revalued.internal()).isEqualTo(before.internal());
                    }
                }
            }
        }
        assertThat(raised).isPositive();
    }

    @Test
    void detained_students_sit_a_later_regular_release_than_their_batch() {
        List<Student> detained =
                cohort.students().stream().filter(Student::detained).toList();

        assertThat(detained).isNotEmpty();
        assertThat(detained).anyMatch(student -> student.regulation().equals("R22"));
        for (Student student : detained) {
            Intake intake = student.regulation().equals("R22") ? Intake.R22 : Intake.R18;
            boolean later = student.results().keySet().stream()
                    .map(this::exam)
                    .filter(exam -> exam.kind() == ExamKind.REGULAR)
                    .anyMatch(exam -> intake.timetable()
                            .regularCode(student.admissionYear(), R18Timetable.semesterNumber(exam.semester()))
                            .map(code -> !code.equals(exam.code()))
                            .orElse(true));
            // R22 batch 2024 has no next batch's second year yet: detained, not yet rejoined.
            if (!(student.regulation().equals("R22") && student.admissionYear() == 2024)) {
                assertThat(later).as(student.hallTicket()).isTrue();
            }
        }
    }

    @Test
    void nobody_has_results_in_releases_of_other_regulations_or_degrees() {
        Set<String> noise = cohort.exams().stream()
                .filter(exam -> !exam.degree().equals("btech")
                        || !(exam.regulation().equals("R18")
                                || exam.regulation().equals("R22")
                                || exam.regulation().equals("R25")))
                .map(Exam::code)
                .collect(Collectors.toSet());

        assertThat(noise).hasSizeBetween(40, 80);
        for (Student student : cohort.students()) {
            assertThat(student.results().keySet())
                    .doesNotContainAnyElementsOf(noise)
                    .allMatch(code -> exam(code).regulation().equals(student.regulation()));
        }
    }

    @Test
    void every_r22_semester_carries_twenty_credits_in_eight_to_eleven_courses() {
        for (String branch : R22Syllabus.branches()) {
            for (int semester = 1; semester <= 8; semester++) {
                List<Subject> courses = R22Syllabus.subjects(branch, semester);
                double credits = courses.stream()
                        .mapToDouble(subject -> Double.parseDouble(subject.credits()))
                        .sum();

                assertThat(credits).as(branch + " " + semester).isEqualTo(20.0);
                assertThat(courses).hasSizeBetween(8, 11);
            }
        }
    }

    @Test
    void r22_pages_are_seven_columns_and_some_later_attempts_carry_new_internal_marks() {
        int reRegistered = 0;
        for (Student student : cohort.students()) {
            if (!student.regulation().equals("R22")) {
                continue;
            }
            Map<String, String> internals = new HashMap<>();
            for (Map.Entry<String, List<Mark>> page : student.results().entrySet()) {
                assertThat(exam(page.getKey()).layout()).isEqualTo(MarksLayout.SEVEN_COLUMN);
                for (Mark row : page.getValue()) {
                    String before = internals.put(row.code(), row.internal());
                    if (before != null
                            && !before.equals(row.internal())
                            && !row.internal().equals("-")
                            && !before.equals("-")) {
                        reRegistered++;
                    }
                }
            }
        }
        assertThat(reRegistered).isGreaterThan(10);
    }

    @Test
    void batch_2018_first_year_is_shown_in_four_columns() {
        assertThat(exam("1323").layout()).isEqualTo(MarksLayout.FOUR_COLUMN);
        assertThat(cohort.students())
                .filteredOn(s -> s.admissionYear() == 2018 && !s.lateralEntry() && !s.hasNoResult())
                .allSatisfy(student -> assertThat(student.results()).containsKeys("1323", "1356"));
    }

    private List<Mark> afterRevaluation(Student student, Map.Entry<String, List<Mark>> page) {
        List<Mark> rcrv = student.rcrvResults().getOrDefault(page.getKey(), List.of());
        return page.getValue().stream()
                .map(row -> rcrv.stream()
                        .filter(r -> r.code().equals(row.code()))
                        .findFirst()
                        .orElse(row))
                .toList();
    }

    private Exam exam(String code) {
        return cohort.exam(code).orElseThrow();
    }

    private List<Mark> allRows() {
        List<Mark> rows = new ArrayList<>();
        for (Student student : cohort.students()) {
            student.results().values().forEach(rows::addAll);
            student.rcrvResults().values().forEach(rows::addAll);
        }
        return rows;
    }
}
