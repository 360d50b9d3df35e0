package in.results.report;

import in.results.catalog.Course;
import in.results.catalog.ExamCatalog;
import in.results.catalog.Semester;
import in.results.core.HallTicket;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * A student's promotion standing (DEGREES.md "Promotion by credits"): per transition of the {@link PromotionRules}
 * table, the credits earned so far in the semesters it counts, and whether that meets the rule — or, for a course and
 * entry the table has no rows for, a note that the rules are not known.
 */
public sealed interface Promotion {

    /** The rules of the student's course are not known; {@code note} says so, for clients. */
    record Unknown(String note) implements Promotion {
        public Unknown {
            Objects.requireNonNull(note, "note");
        }
    }

    /** One entry per transition, in order. */
    record Standing(List<Step> steps) implements Promotion {
        public Standing {
            steps = List.copyOf(steps);
        }
    }

    /** Where a student stands against one rule. */
    enum Status {
        /** Enough credits are earned already. */
        MET("met"),
        /** Too few credits, and the batch's regular exams of the year's last semester are out. */
        SHORT("short"),
        /** Too few credits so far, and the batch's regular exams of the year's last semester are not out yet. */
        NOT_YET_DUE("not yet due");

        private final String key;

        Status(String key) {
            this.key = key;
        }

        /** As the report writes it. */
        public String key() {
            return key;
        }
    }

    /**
     * One transition.
     *
     * @param creditsEarned Σ credits earned, by every attempt read so far, in the semesters up to the rule's last
     */
    record Step(PromotionRules.Rule rule, BigDecimal creditsEarned, Status status) {
        public Step {
            Objects.requireNonNull(rule, "rule");
            Objects.requireNonNull(creditsEarned, "creditsEarned");
            Objects.requireNonNull(status, "status");
        }

        /** The credits missing to meet the rule; 0 when met. */
        public BigDecimal creditsShort() {
            return BigDecimal.valueOf(rule.required()).subtract(creditsEarned).max(BigDecimal.ZERO);
        }
    }

    /**
     * The standing of {@code hallTicket}, a student of {@code course} with {@code semesters} reported, on {@code rules};
     * {@code catalog} tells which years have ended for the student's batch.
     */
    static Promotion of(
            PromotionRules rules,
            Course course,
            HallTicket hallTicket,
            List<StudentReport.SemesterReport> semesters,
            ExamCatalog catalog) {
        List<PromotionRules.Rule> rows = rules.of(course, hallTicket.isLateralEntry());
        if (rows.isEmpty()) {
            return new Unknown("Promotion rules of " + course.degree().displayName() + " "
                    + course.regulation().code() + (hallTicket.isLateralEntry() ? " lateral entry" : "")
                    + " are not known, so no standing is given.");
        }
        return new Standing(rows.stream()
                .map(rule -> {
                    Semester last = rule.into().lastSemester(course);
                    BigDecimal earned = semesters.stream()
                            .filter(semester -> semester.semester().compareTo(last) <= 0)
                            .map(StudentReport.SemesterReport::creditsEarned)
                            .reduce(BigDecimal.ZERO, BigDecimal::add);
                    Status status = earned.compareTo(BigDecimal.valueOf(rule.required())) >= 0
                            ? Status.MET
                            : catalog.listsBatchRegular(course, last, hallTicket) ? Status.SHORT : Status.NOT_YET_DUE;
                    return new Step(rule, earned, status);
                })
                .toList());
    }
}
