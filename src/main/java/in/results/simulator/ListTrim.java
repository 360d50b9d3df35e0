package in.results.simulator;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.releases.Exam;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * Rows the release list leaves out while their results are still answered, as on the real site, where old rows
 * are rewritten and dropped: the releases (exam codes) named, and those whose exam was released before
 * {@code from}. A release left out loses its exam row and its RC/RV row together.
 *
 * @param codes exam codes left out
 * @param from  releases before this day are left out; {@link LocalDate#MIN} for none
 */
record ListTrim(Set<String> codes, LocalDate from) {
    static final ListTrim NONE = new ListTrim(Set.of(), LocalDate.MIN);

    ListTrim {
        codes = Set.copyOf(codes);
        Objects.requireNonNull(from, "from");
    }

    /**
     * The releases of {@code cohort} whose rows the list leaves out, by {@link Exam#key}: the codes named, in every
     * programme, and the releases before {@code from}.
     */
    Set<String> unlistedKeys(Cohort cohort) {
        Set<String> unlisted = new HashSet<>();
        cohort.exams().stream()
                .filter(exam -> codes.contains(exam.code())
                        || (!exam.rcrv() && exam.releaseDate().isBefore(from)))
                .forEach(exam -> unlisted.add(Exam.key(exam.degree(), exam.code())));
        return unlisted;
    }
}
