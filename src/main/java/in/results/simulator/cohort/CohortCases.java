package in.results.simulator.cohort;

import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import in.results.simulator.releases.MarksLayout;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Finds example students for each {@link EdgeCase} by reading a cohort's pages (not the
 * generator's intentions), so tests pick students without hard-coding hall tickets.
 */
public final class CohortCases {

    private final Map<EdgeCase, List<CaseExample>> examples = new EnumMap<>(EdgeCase.class);
    private final Map<String, String> regulations = new HashMap<>();

    private CohortCases(Cohort cohort) {
        for (EdgeCase edgeCase : EdgeCase.values()) {
            examples.put(edgeCase, new ArrayList<>());
        }
        // Exam codes are numbered per programme: each student's pages are read against their programme's releases.
        Map<String, Map<String, Exam>> examsByDegree = new HashMap<>();
        cohort.exams().stream()
                .filter(exam -> !exam.rcrv())
                .forEach(exam -> examsByDegree
                        .computeIfAbsent(exam.degree(), degree -> new HashMap<>())
                        .putIfAbsent(exam.code(), exam));
        for (Student student : cohort.students()) {
            regulations.put(student.hallTicket(), student.regulation());
            read(student, examsByDegree.getOrDefault(student.programme().degree(), Map.of()));
        }
    }

    public static CohortCases of(Cohort cohort) {
        return new CohortCases(cohort);
    }

    /** Every example of {@code edgeCase}, in hall ticket order; possibly empty. */
    public List<CaseExample> examples(EdgeCase edgeCase) {
        return List.copyOf(examples.get(edgeCase));
    }

    /** Every example of {@code edgeCase} among students of {@code regulation} ({@code "R22"}), in hall ticket order. */
    public List<CaseExample> examples(EdgeCase edgeCase, String regulation) {
        return examples.get(edgeCase).stream()
                .filter(example -> regulations.get(example.hallTicket()).equals(regulation))
                .toList();
    }

    /** The first example of {@code edgeCase}; throws {@link NoSuchElementException} when there is none. */
    public CaseExample first(EdgeCase edgeCase) {
        List<CaseExample> found = examples.get(edgeCase);
        if (found.isEmpty()) {
            throw new NoSuchElementException("no student in case " + edgeCase);
        }
        return found.getFirst();
    }

    private void read(Student student, Map<String, Exam> exams) {
        String hallTicket = student.hallTicket();
        if (student.hasNoResult()) {
            add(EdgeCase.NO_RESULT, hallTicket, "", "");
        }
        if (student.lateralEntry()) {
            add(EdgeCase.LATERAL_ENTRY, hallTicket, "", "");
        }
        if (student.detained()) {
            add(EdgeCase.DETAINED, hallTicket, "", "");
        }
        boolean fourColumn = false;
        for (Map.Entry<String, List<Mark>> page : student.results().entrySet()) {
            Exam exam = exams.get(page.getKey());
            if (exam.layout() == MarksLayout.FOUR_COLUMN && !fourColumn) {
                fourColumn = true;
                add(EdgeCase.FOUR_COLUMN, hallTicket, exam.code(), "");
            }
            for (Mark row : page.getValue()) {
                switch (row.grade()) {
                    case "Ab" -> add(EdgeCase.ABSENT, hallTicket, exam.code(), row.code());
                    case "-" -> add(EdgeCase.MALPRACTICE, hallTicket, exam.code(), row.code());
                    case "F" -> {}
                    default -> {
                        if (row.credits().equals("0")) {
                            add(EdgeCase.ZERO_CREDIT_COURSE, hallTicket, exam.code(), row.code());
                        }
                    }
                }
            }
            if (exam.kind() == ExamKind.REGULAR) {
                followFailures(student, exam, page.getValue(), exams);
            }
        }
        student.rcrvResults()
                .forEach((code, rows) -> rows.forEach(row -> add(
                        row.rcrvRemark().equals(Mark.CHANGE_IN_GRADE) ? EdgeCase.RCRV_RAISED : EdgeCase.RCRV_UNCHANGED,
                        hallTicket,
                        code,
                        row.code())));
    }

    /**
     * Traces each subject failed in a regular exam (and not passed on its revaluation) through the
     * later pages of the same semester; the supplementary that clears it shows a passing row.
     */
    private void followFailures(Student student, Exam regular, List<Mark> rows, Map<String, Exam> exams) {
        for (Mark row : rows) {
            if (!row.failed() || passedOnRevaluation(student, regular.code(), row.code())) {
                continue;
            }
            int failedSupplies = 0;
            String lastExam = "";
            boolean cleared = false;
            for (Map.Entry<String, List<Mark>> page : student.results().entrySet()) {
                Exam later = exams.get(page.getKey());
                if (later.kind() == ExamKind.REGULAR
                        || !later.semester().equals(regular.semester())
                        || !later.releaseDate().isAfter(regular.releaseDate())) {
                    continue;
                }
                Mark attempt = page.getValue().stream()
                        .filter(m -> m.code().equals(row.code()))
                        .findFirst()
                        .orElse(null);
                if (attempt == null) {
                    continue;
                }
                lastExam = later.code();
                if (!attempt.failed()) {
                    cleared = true;
                    break;
                }
                if (passedOnRevaluation(student, later.code(), row.code())) {
                    // Cleared by revaluing a supplementary: a case of its own, left out to keep these plain.
                    failedSupplies = -1;
                    break;
                }
                failedSupplies++;
            }
            if (cleared && failedSupplies == 0) {
                add(EdgeCase.SUPPLY_CLEARED_FIRST_TRY, student.hallTicket(), lastExam, row.code());
            } else if (cleared && failedSupplies == 1) {
                add(EdgeCase.SUPPLY_CLEARED_SECOND_TRY, student.hallTicket(), lastExam, row.code());
            } else if (!cleared && failedSupplies > 0) {
                add(EdgeCase.SUPPLY_NEVER_CLEARED, student.hallTicket(), lastExam, row.code());
            }
        }
    }

    private static boolean passedOnRevaluation(Student student, String examCode, String subjectCode) {
        return student.rcrvResults().getOrDefault(examCode, List.of()).stream()
                .anyMatch(row -> row.code().equals(subjectCode) && !row.failed());
    }

    private void add(EdgeCase edgeCase, String hallTicket, String examCode, String subjectCode) {
        examples.get(edgeCase).add(new CaseExample(edgeCase, hallTicket, examCode, subjectCode));
    }
}
