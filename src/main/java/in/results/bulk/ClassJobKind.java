package in.results.bulk;

import in.results.catalog.Course;
import in.results.catalog.StudentCourse;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.TranscriptAnswer;
import in.results.report.ClassMember;
import in.results.report.ClassRecord;
import in.results.report.StudentReports;
import in.results.upstream.Priority;
import java.time.Duration;
import java.util.Optional;

/**
 * Class jobs: every hall ticket of a range over all the semesters of its course, through
 * {@link AllSemestersLookup} — the transcript store and the archive answer first, so a class looked up before costs
 * the university nothing — and each student's figures from {@link StudentReports}. The result is the class's
 * {@link ClassRecord}.
 */
final class ClassJobKind implements JobKind<Course, ClassMember, ClassRecord> {
    /** Class job ids start so; exam job ids start with a hall ticket, which never holds a colon. */
    private static final String PREFIX = "class:";
    /**
     * A class job may run this many times the bulk deadline: each hall ticket is a whole transcript (about 0.6 s a
     * student at 300 ms a page), so a cold class of 360 takes about 4 minutes where an exam's takes seconds.
     */
    static final int DEADLINE_FACTOR = 5;

    private final AllSemestersLookup lookup;
    private final StudentReports reports;

    ClassJobKind(AllSemestersLookup lookup, StudentReports reports) {
        this.lookup = lookup;
        this.reports = reports;
    }

    /** {@code class:<first>:<last>}: the course follows from the hall tickets. */
    @Override
    public String idOf(HallTicketRange range, Course course) {
        return PREFIX + range.first().value() + ":" + range.last().value();
    }

    @Override
    public Optional<JobKey<Course>> keyOf(String id) {
        String[] parts = id.split(":", -1);
        if (!id.startsWith(PREFIX) || parts.length != 3) {
            return Optional.empty();
        }
        try {
            HallTicketRange range = new HallTicketRange(new HallTicket(parts[1]), new HallTicket(parts[2]));
            return StudentCourse.of(range.first()) instanceof StudentCourse.Served served
                    ? Optional.of(new JobKey<>(range, served.course()))
                    : Optional.empty();
        } catch (IllegalArgumentException notAKey) {
            return Optional.empty();
        }
    }

    @Override
    public Answer<ClassMember> ask(Course course, HallTicket hallTicket, Deadline deadline) {
        return switch (lookup.transcript(course, hallTicket, Priority.BULK, deadline)
                .value()) {
            case TranscriptAnswer.Found found ->
                new Answer.Found<>(
                        new ClassMember(reports.of(course, hallTicket, found.transcript()), found.transcript()));
            case TranscriptAnswer.NoResult none -> new Answer.NoResult<>();
        };
    }

    @Override
    public ClassRecord resultOf(Course course, Tally<ClassMember> tally) {
        int hallTickets =
                tally.found().size() + tally.noResult().size() + tally.missing().size();
        return ClassRecord.of(course, hallTickets, tally.found(), tally.noResult(), tally.missing());
    }

    @Override
    public Duration deadline(BulkJobs.Policy policy) {
        return policy.deadline().multipliedBy(DEADLINE_FACTOR);
    }

    @Override
    public Class<ClassRecord> resultType() {
        return ClassRecord.class;
    }

    @Override
    public String describe(Course course) {
        return "the class record of " + course.degree().key() + " "
                + course.regulation().code();
    }
}
