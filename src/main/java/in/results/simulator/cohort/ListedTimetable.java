package in.results.simulator.cohort;

import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import in.results.simulator.releases.R18Timetable;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which listed regular release each batch of an intake sits, read from the release list rather than a built-in
 * table: batch by batch, semester by semester, the first regular release of the programme, the batch's regulation
 * and that semester that no earlier batch took, dated on or after 1 January of admission year + year of study and
 * after the batch's previous regular. A batch's semesters end at the first one the list has no such release for.
 * Minor-degree releases are never a batch's regular.
 */
final class ListedTimetable implements Intake.Timetable {

    private final Map<Integer, Map<Integer, String>> regulars = new HashMap<>();

    ListedTimetable(Intake intake, List<Exam> releases) {
        Set<Exam> taken = new HashSet<>();
        for (int batch : intake.batches()) {
            String regulation = intake.regulationOf(batch);
            LocalDate previous = LocalDate.MIN;
            for (int semester = 1; semester <= intake.semesters(); semester++) {
                LocalDate earliest = LocalDate.of(batch + (semester + 1) / 2, 1, 1);
                LocalDate after = previous;
                String semesterName = R18Timetable.SEMESTERS.get(semester - 1);
                Optional<Exam> regular = releases.stream()
                        .filter(exam -> !exam.rcrv()
                                && exam.kind() == ExamKind.REGULAR
                                && !exam.minorProgramme()
                                && exam.degree().equals(intake.programme().degree())
                                && exam.regulation().equals(regulation)
                                && exam.semester().equals(semesterName)
                                && !exam.releaseDate().isBefore(earliest)
                                && exam.releaseDate().isAfter(after)
                                && !taken.contains(exam))
                        .min(Comparator.comparing(Exam::releaseDate).thenComparing(Exam::code));
                if (regular.isEmpty()) {
                    break;
                }
                taken.add(regular.get());
                previous = regular.get().releaseDate();
                regulars.computeIfAbsent(batch, key -> new HashMap<>())
                        .put(semester, regular.get().code());
            }
        }
    }

    @Override
    public Optional<String> regularCode(int batch, int semester) {
        return Optional.ofNullable(regulars.getOrDefault(batch, Map.of()).get(semester));
    }
}
