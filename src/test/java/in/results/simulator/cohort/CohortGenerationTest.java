package in.results.simulator.cohort;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CohortGenerationTest {

    private final Cohort cohort = SharedCohort.DEFAULT;

    @Test
    void same_seed_gives_an_equal_cohort() {
        Cohort again = Cohort.generate(Cohort.DEFAULT_SEED);

        assertThat(again).isEqualTo(cohort);
        assertThat(again.hashCode()).isEqualTo(cohort.hashCode());
    }

    @Test
    void different_seed_gives_a_different_cohort() {
        Cohort other = SharedCohort.of(1);

        assertThat(other).isNotEqualTo(cohort);
        assertThat(other.students()).isNotEqualTo(cohort.students());
    }

    @Test
    void generation_is_quick() {
        long start = System.nanoTime();
        Cohort.generate(99);
        long millis = (System.nanoTime() - start) / 1_000_000;

        // Typically 100-250 ms once warm; the bound leaves room for a slow CI machine.
        assertThat(millis).isLessThan(2_000);
    }

    @ParameterizedTest
    @ValueSource(longs = {Cohort.DEFAULT_SEED, 1, 42})
    void every_edge_case_exists_a_few_times_for_any_seed(long seed) {
        Cohort generated = SharedCohort.of(seed);
        CohortCases cases = CohortCases.of(generated);

        for (EdgeCase edgeCase : EdgeCase.values()) {
            assertThat(cases.examples(edgeCase)).as(edgeCase.name()).hasSizeGreaterThanOrEqualTo(3);
        }
    }

    @Test
    void cohort_holds_four_r18_batches_of_several_colleges() {
        List<Student> r18 = students("R18");
        Map<Integer, Long> byBatch = r18.stream()
                .collect(Collectors.groupingBy(Student::admissionYear, TreeMap::new, Collectors.counting()));
        Set<String> colleges = r18.stream().map(Student::collegeCode).collect(Collectors.toSet());

        assertThat(r18).hasSizeBetween(600, 1200);
        assertThat(byBatch.keySet()).containsExactly(2018, 2019, 2020, 2021);
        assertThat(colleges).contains("BD", "S1", "E3").anyMatch(code -> Character.isDigit(code.charAt(0)));
        assertThat(r18).extracting(s -> s.hallTicket().substring(6, 8)).contains("05", "66", "04");
    }

    @Test
    void cohort_holds_three_r22_batches_with_lateral_entrants_and_the_first_r25_batch() {
        List<Student> r22 = students("R22");
        List<Student> r25 = students("R25");
        Map<Integer, Long> regular = r22.stream()
                .filter(s -> !s.lateralEntry())
                .collect(Collectors.groupingBy(Student::admissionYear, TreeMap::new, Collectors.counting()));
        Map<Integer, Long> lateral = r22.stream()
                .filter(Student::lateralEntry)
                .collect(Collectors.groupingBy(Student::admissionYear, TreeMap::new, Collectors.counting()));

        assertThat(r22).hasSizeBetween(300, 900);
        assertThat(regular.keySet()).containsExactly(2022, 2023, 2024);
        assertThat(lateral.keySet()).containsExactly(2022, 2023, 2024);
        // Lateral entrants of 2024 hold 25xx5A tickets and stay R22; R25 is the 2025 intake, no laterals yet.
        assertThat(r22).extracting(s -> s.hallTicket().substring(0, 2)).contains("22", "23", "24", "25");
        assertThat(r22)
                .filteredOn(s -> s.hallTicket().startsWith("25"))
                .allSatisfy(s -> assertThat(s.hallTicket().charAt(4)).isEqualTo('5'));
        assertThat(r25)
                .isNotEmpty()
                .allSatisfy(s -> assertThat(s.hallTicket()).matches("25[0-9A-Z]{2}1A.{4}"))
                .allSatisfy(s -> assertThat(s.admissionYear()).isEqualTo(2025));
        assertThat(cohort.students()).hasSize(students("R18").size() + r22.size() + r25.size());
    }

    @Test
    void the_2025_batch_sits_its_first_semester_in_an_r25_release() {
        Exam first = cohort.exam("1895").orElseThrow();

        assertThat(first.regulation()).isEqualTo("R25");
        assertThat(first.title()).startsWith("B.Tech I Year I Semester (R25) Regular Examinations Results");
        assertThat(first.linkParams())
                .containsExactly(
                        Map.entry("degree", "btech"),
                        Map.entry("examCode", "1895"),
                        Map.entry("etype", "r17"),
                        Map.entry("type", "intgrade"));
        assertThat(students("R25"))
                .filteredOn(s -> !s.hasNoResult())
                .isNotEmpty()
                .allSatisfy(s -> assertThat(s.results().keySet()).containsExactly("1895"));
    }

    @ParameterizedTest
    @ValueSource(longs = {Cohort.DEFAULT_SEED, 1, 42})
    void every_r22_edge_case_exists_a_few_times_for_any_seed(long seed) {
        CohortCases cases = CohortCases.of(SharedCohort.of(seed));

        for (EdgeCase edgeCase : EdgeCase.values()) {
            if (edgeCase != EdgeCase.FOUR_COLUMN) { // R22 pages are all seven columns
                assertThat(cases.examples(edgeCase, "R22")).as(edgeCase.name()).hasSizeGreaterThanOrEqualTo(3);
            }
        }
        assertThat(cases.examples(EdgeCase.FOUR_COLUMN, "R22")).isEmpty();
    }

    private List<Student> students(String regulation) {
        return cohort.students().stream()
                .filter(s -> s.regulation().equals(regulation))
                .toList();
    }

    @Test
    void hall_tickets_follow_the_university_pattern() {
        for (Student student : cohort.students()) {
            String ticket = student.hallTicket();
            int ticketYear = 2000 + Integer.parseInt(ticket.substring(0, 2));

            assertThat(ticket).matches("\\d{2}[0-9A-Z]{2}[15]A(05|66|04)(\\d{2}|[A-Z]\\d)");
            assertThat(ticket.substring(2, 4)).isEqualTo(student.collegeCode());
            assertThat(student.admissionYear()).isEqualTo(student.lateralEntry() ? ticketYear - 1 : ticketYear);
        }
    }

    @Test
    void a_section_beyond_99_uses_letter_rolls_and_only_its_college_uses_i_and_o() {
        Set<String> letterRolls = cohort.students().stream()
                .map(Student::hallTicket)
                .filter(ticket -> Character.isLetter(ticket.charAt(8)))
                .collect(Collectors.toSet());

        assertThat(letterRolls)
                .anyMatch(ticket -> ticket.endsWith("A0"))
                .anyMatch(ticket -> ticket.charAt(8) == 'I')
                .anyMatch(ticket -> ticket.charAt(8) == 'O');
        assertThat(letterRolls)
                .filteredOn(ticket -> ticket.charAt(8) == 'I' || ticket.charAt(8) == 'O')
                .allMatch(ticket -> ticket.substring(2, 4).equals(CohortGenerator.COLLEGE_WITH_I_AND_O));
    }

    @Test
    void some_roll_numbers_are_left_unused() {
        long gaps = cohort.students().stream()
                .filter(student -> student.hallTicket().startsWith("20BD1A05"))
                .count();

        // 249 roll slots in that section; some of them hold nobody.
        assertThat(gaps).isBetween(200L, 248L);
        assertThat(cohort.student("20BD1A0501")).isPresent();
    }

    @Test
    void lookups_ignore_case_and_spaces() {
        Student any = cohort.students().get(10);

        assertThat(cohort.student(" " + any.hallTicket().toLowerCase() + " ")).contains(any);
        assertThat(cohort.student("99ZZ1A0501")).isEmpty();
        assertThat(cohort.exam("1545"))
                .hasValueSatisfying(exam -> assertThat(exam.rcrv()).isFalse());
        assertThat(cohort.exam("9999")).isEmpty();
    }

    @Test
    void notices_are_fifteen_to_thirty_newest_first() {
        assertThat(cohort.notices()).hasSizeBetween(15, 30);
        for (int i = 1; i < cohort.notices().size(); i++) {
            assertThat(cohort.notices().get(i).date())
                    .isBeforeOrEqualTo(cohort.notices().get(i - 1).date());
        }
        assertThat(cohort.notices())
                .allSatisfy(notice -> assertThat(notice.description())
                        .contains("RESULTS PUBLISHED")
                        .contains("LAST DATE TO APPLY"));
    }

    @Test
    void case_examples_point_at_real_rows() {
        CohortCases cases = CohortCases.of(cohort);

        for (CaseExample absent : cases.examples(EdgeCase.ABSENT)) {
            Mark row = row(absent.hallTicket(), absent.examCode(), absent.subjectCode());
            assertThat(row.grade()).isEqualTo("Ab");
        }
        for (CaseExample raised : cases.examples(EdgeCase.RCRV_RAISED)) {
            assertThat(cohort.student(raised.hallTicket())
                            .orElseThrow()
                            .rcrvResults()
                            .get(raised.examCode()))
                    .anyMatch(row -> row.code().equals(raised.subjectCode())
                            && row.rcrvRemark().equals(Mark.CHANGE_IN_GRADE));
        }
        for (CaseExample cleared : cases.examples(EdgeCase.SUPPLY_CLEARED_SECOND_TRY)) {
            Exam exam = cohort.exam(cleared.examCode()).orElseThrow();
            assertThat(exam.kind()).isNotEqualTo(ExamKind.REGULAR);
            assertThat(row(cleared.hallTicket(), cleared.examCode(), cleared.subjectCode())
                            .failed())
                    .isFalse();
        }
        assertThat(cases.first(EdgeCase.NO_RESULT).hallTicket())
                .satisfies(ticket -> assertThat(
                                cohort.student(ticket).orElseThrow().results())
                        .isEmpty());
    }

    private Mark row(String hallTicket, String examCode, String subjectCode) {
        return cohort.student(hallTicket).orElseThrow().results().get(examCode).stream()
                .filter(mark -> mark.code().equals(subjectCode))
                .findFirst()
                .orElseThrow();
    }
}
