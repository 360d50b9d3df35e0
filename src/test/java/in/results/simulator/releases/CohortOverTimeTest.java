package in.results.simulator.releases;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.SharedCohort;
import in.results.simulator.cohort.Student;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One cohort seen on successive days: what each day adds, and that nothing shown before changes. */
class CohortOverTimeTest {

    private static final Cohort COHORT = SharedCohort.DEFAULT;

    /**
     * Every page of every release is the same on each later day: the simulated university never rewrites a published
     * page (a withheld row stays withheld; the student clears the subject at a later sitting, on that sitting's page).
     */
    @ParameterizedTest
    @ValueSource(longs = {Cohort.DEFAULT_SEED, 1, 42})
    void a_page_once_shown_is_the_same_on_every_later_day(long seed) {
        Cohort world = SharedCohort.of(seed);
        List<LocalDate> releaseDays = world.exams().stream()
                .map(Exam::releaseDate)
                .distinct()
                .sorted()
                .toList();
        Cohort earlier = world.asOf(releaseDays.getFirst());
        int compared = 0;
        for (LocalDate day : releaseDays.subList(1, releaseDays.size())) {
            Cohort later = world.asOf(day);
            compared += assertPagesKept(earlier, later);
            earlier = later;
        }
        Cohort halfway = world.asOf(releaseDays.get(releaseDays.size() / 2));
        compared += assertPagesKept(halfway, world);

        assertThat(compared).isGreaterThan(world.students().size());
    }

    @Test
    void releases_between_two_days_are_those_dated_after_the_first_up_to_the_second_in_release_order() {
        LocalDate after = LocalDate.of(2023, 11, 30);
        LocalDate upTo = LocalDate.of(2024, 9, 30);

        List<Exam> between = COHORT.releasesBetween(after, upTo);

        assertThat(between)
                .isNotEmpty()
                .allMatch(exam ->
                        exam.releaseDate().isAfter(after) && !exam.releaseDate().isAfter(upTo))
                .isSortedAccordingTo(Comparator.comparing(Exam::releaseDate)
                        .thenComparing(Exam::code)
                        .thenComparing(Exam::rcrv));
        assertThat(COHORT.asOf(upTo).exams())
                .containsExactlyInAnyOrderElementsOf(concat(COHORT.asOf(after).exams(), between));
        assertThat(COHORT.releasesBetween(upTo, upTo)).isEmpty();
        assertThat(COHORT.releasesBetween(upTo, after)).isEmpty();
    }

    @Test
    void a_release_belongs_to_the_day_it_is_dated_and_to_no_other_move() {
        Exam release = COHORT.exam("1715").orElseThrow();
        LocalDate day = release.releaseDate();

        assertThat(COHORT.releasesBetween(day.minusDays(1), day)).contains(release);
        assertThat(COHORT.releasesBetween(day, day.plusDays(1))).doesNotContain(release);
        assertThat(COHORT.releasesBetween(day.minusDays(2), day.minusDays(1))).doesNotContain(release);
    }

    @Test
    void next_regular_release_is_the_first_regular_after_the_day_that_a_batch_of_ours_sat() {
        Set<String> sat = COHORT.students().stream()
                .flatMap(student -> student.results().keySet().stream())
                .collect(Collectors.toSet());
        LocalDate day = COHORT.exams().getFirst().releaseDate().minusDays(1);
        List<Exam> found = new ArrayList<>();
        for (Exam next = COHORT.nextRegularRelease(day).orElse(null);
                next != null;
                next = COHORT.nextRegularRelease(day).orElse(null)) {
            assertThat(next.releaseDate()).isAfter(day);
            found.add(next);
            day = next.releaseDate();
        }

        List<Exam> expected = COHORT.exams().stream()
                .filter(exam -> !exam.rcrv() && exam.kind() == ExamKind.REGULAR && sat.contains(exam.code()))
                .toList();
        // One per release day: regulars sharing a day are found once, as the first of that day.
        assertThat(found)
                .isNotEmpty()
                .containsExactlyElementsOf(expected.stream()
                        .collect(Collectors.toMap(
                                Exam::releaseDate,
                                Function.identity(),
                                (first, second) -> first,
                                java.util.TreeMap::new))
                        .values());
        assertThat(found).extracting(Exam::code).doesNotContainAnyElementsOf(ExamSchedule.UNUSED_REGULARS);
        assertThat(COHORT.nextRegularRelease(COHORT.latestDay())).isEmpty();
    }

    /** Asserts every page of {@code earlier} is on {@code later} unchanged; returns how many were compared. */
    private static int assertPagesKept(Cohort earlier, Cohort later) {
        Map<String, Student> laterByTicket =
                later.students().stream().collect(Collectors.toMap(Student::hallTicket, Function.identity()));
        assertThat(laterByTicket).hasSameSizeAs(earlier.students());
        int compared = 0;
        for (Student before : earlier.students()) {
            Student after = Objects.requireNonNull(laterByTicket.get(before.hallTicket()), before.hallTicket());
            assertThat(after.results()).as(before.hallTicket()).containsAllEntriesOf(before.results());
            assertThat(after.rcrvResults()).as(before.hallTicket()).containsAllEntriesOf(before.rcrvResults());
            compared += before.results().size() + before.rcrvResults().size();
        }
        return compared;
    }

    private static List<Exam> concat(List<Exam> first, List<Exam> second) {
        List<Exam> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
