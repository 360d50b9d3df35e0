package in.results.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.archive.Archive;
import in.results.archive.ArchiveDatabase;
import in.results.core.Deadline;
import in.results.core.Environment;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.lookup.ExamLookup;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.releases.Exam;
import in.results.store.EmbeddedStore;
import in.results.testing.ManualExecutor;
import in.results.testing.ManualTicker;
import in.results.upstream.UpstreamClient;
import in.results.upstream.UpstreamPolicy;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bulk jobs step by step: every hall ticket's task waits in a {@link ManualExecutor} until the test runs it, and
 * the jobs' time is a {@link ManualTicker}, so progress, deadlines and keeping are seen without sleeping. The
 * university is the simulator on loopback; the answer store loads on the calling thread.
 */
class BulkJobsTest {
    private static final Cohort COHORT = Cohort.generate(42);
    /** The section (first 8 characters) and exam with the most results: most hall tickets have one. */
    private static final String SECTION = COHORT.students().stream()
            .flatMap(s ->
                    s.results().keySet().stream().map(code -> s.hallTicket().substring(0, 8) + "|" + code))
            .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()))
            .entrySet()
            .stream()
            .max(Map.Entry.comparingByValue())
            .orElseThrow()
            .getKey();

    private static final String PREFIX = SECTION.substring(0, 8);
    private static final Exam EXAM = COHORT.exam(SECTION.substring(9)).orElseThrow();
    private static final ExamQuery QUERY = query(EXAM);
    private static final Duration DEADLINE = Duration.ofMinutes(2);
    private static final Duration KEEP_FINISHED = Duration.ofMinutes(10);
    private static final Duration KEEP_INCOMPLETE = Duration.ofMinutes(1);

    private final ManualTicker ticker = new ManualTicker();
    private final ManualExecutor executor = new ManualExecutor();
    private UniversitySimulator university;
    private BulkJobs<ExamQuery, ExamResults> jobs;
    private BulkJobs.Policy policy;
    private ExamLookup lookup;
    private Archive archive;

    @TempDir
    Path dataDir;

    @BeforeEach
    void start() {
        university = UniversitySimulator.start(COHORT, 0);
        // No upstream retries or request budget, and no pause between a hall ticket's two tries.
        UpstreamClient upstream = new UpstreamClient(
                List.of(university.baseUrl()),
                8,
                Duration.ofSeconds(5),
                new UpstreamPolicy(1_000, Duration.ofSeconds(30), 0, Duration.ZERO, 0),
                ticker);
        archive = Archive.open(ArchiveDatabase.embedded(dataDir), Duration.ofMillis(500), Clock.systemUTC());
        lookup = new ExamLookup(
                upstream,
                new EmbeddedStore<>(1_000, Duration.ofDays(7), ticker, Runnable::run),
                archive,
                Clock.systemUTC());
        policy = new BulkJobs.Policy(1, 2, 10, KEEP_FINISHED, KEEP_INCOMPLETE, DEADLINE, 2, Duration.ZERO);
        jobs = BulkJobs.local(
                BulkJobs.exams(lookup), new JobCapacity(policy), new Environment(ticker, Clock.systemUTC(), executor));
    }

    @AfterEach
    void stop() {
        university.close();
        archive.close();
    }

    private static ExamQuery query(Exam exam) {
        Map<String, String> link = exam.linkParams();
        return new ExamQuery(
                link.get("degree"),
                exam.code(),
                link.getOrDefault("etype", ""),
                link.getOrDefault("type", ""),
                link.getOrDefault("result", ""));
    }

    private static HallTicketRange rolls(String first, String last) {
        return new HallTicketRange(new HallTicket(PREFIX + first), new HallTicket(PREFIX + last));
    }

    /** The hall tickets of {@code range} that have a result in the exam, by the simulator's ground truth. */
    private static List<String> withResults(HallTicketRange range) {
        return range.hallTickets().stream()
                .map(HallTicket::value)
                .filter(ticket -> COHORT.student(ticket)
                        .filter(s -> s.results().containsKey(EXAM.code()))
                        .isPresent())
                .toList();
    }

    private static ExamResults resultsOf(BulkStatus<ExamResults> status) {
        assertThat(status).isInstanceOf(BulkStatus.Finished.class);
        return ((BulkStatus.Finished<ExamResults>) status).result();
    }

    private static List<String> hallTicketsOf(BulkStatus<ExamResults> status) {
        return resultsOf(status).pages().stream()
                .map(ResultPage::details)
                .map(StudentDetails::hallTicket)
                .toList();
    }

    @Test
    void a_job_reports_progress_as_its_hall_tickets_are_answered_one_by_one() {
        HallTicketRange range = rolls("01", "03");

        BulkStatus<ExamResults> started = jobs.request(range, QUERY);
        executor.runNext();
        BulkStatus<ExamResults> afterOne = jobs.request(range, QUERY);
        executor.runNext();
        BulkStatus<ExamResults> afterTwo = jobs.request(range, QUERY);
        executor.runNext();
        BulkStatus<ExamResults> finished = jobs.request(range, QUERY);

        assertThat(started).isEqualTo(new BulkStatus.Loading<>(0, 3));
        assertThat(afterOne).isEqualTo(new BulkStatus.Loading<>(1, 3));
        assertThat(afterTwo).isEqualTo(new BulkStatus.Loading<>(2, 3));
        assertThat(withResults(range)).isNotEmpty();
        assertThat(hallTicketsOf(finished)).containsExactlyElementsOf(withResults(range));
        assertThat(resultsOf(finished).missing()).isZero();
        assertThat(university.requestCount("/resultAction")).isEqualTo(3);
    }

    @Test
    void identical_requests_share_one_job_and_a_second_job_beyond_the_running_limit_is_busy() {
        jobs.request(rolls("01", "03"), QUERY);
        BulkStatus<ExamResults> again = jobs.request(rolls("01", "03"), QUERY);
        BulkStatus<ExamResults> other = jobs.request(rolls("04", "06"), QUERY);

        assertThat(again).isEqualTo(new BulkStatus.Loading<>(0, 3));
        assertThat(other).isInstanceOf(BulkStatus.Busy.class);
        assertThat(executor.queued()).isEqualTo(3);
    }

    @Test
    void a_job_past_its_deadline_ends_with_the_unasked_hall_tickets_missing_and_frees_its_slot() {
        HallTicketRange range = rolls("01", "03");
        jobs.request(range, QUERY);
        executor.runNext();

        ticker.advance(DEADLINE.plusNanos(1));
        BulkStatus<ExamResults> ended = jobs.request(range, QUERY);
        BulkStatus<ExamResults> next = jobs.request(rolls("04", "06"), QUERY);
        long askedBeforeTheRest = university.requestCount("/resultAction");
        executor.runNext(); // the first job's cancelled tasks run nothing
        executor.runNext();

        assertThat(ended).isInstanceOf(BulkStatus.Finished.class);
        assertThat(resultsOf(ended).missing()).isEqualTo(2);
        assertThat(next).isEqualTo(new BulkStatus.Loading<>(0, 3));
        assertThat(askedBeforeTheRest).isEqualTo(1);
        assertThat(university.requestCount("/resultAction")).isEqualTo(1);
    }

    /** Exam jobs of a kind that may run three times the policy's deadline, as class jobs run longer. */
    private record Longer(ExamJobKind exams) implements JobKind<ExamQuery, ResultPage, ExamResults> {
        @Override
        public String idOf(HallTicketRange range, ExamQuery exam) {
            return exams.idOf(range, exam);
        }

        @Override
        public Optional<JobKey<ExamQuery>> keyOf(String id) {
            return exams.keyOf(id);
        }

        @Override
        public Answer<ResultPage> ask(ExamQuery exam, HallTicket hallTicket, Deadline deadline) {
            return exams.ask(exam, hallTicket, deadline);
        }

        @Override
        public ExamResults resultOf(ExamQuery exam, Tally<ResultPage> tally) {
            return exams.resultOf(exam, tally);
        }

        @Override
        public Class<ExamResults> resultType() {
            return exams.resultType();
        }

        @Override
        public String describe(ExamQuery exam) {
            return exams.describe(exam);
        }

        @Override
        public Duration deadline(BulkJobs.Policy policy) {
            return policy.deadline().multipliedBy(3);
        }
    }

    @Test
    void a_kind_that_needs_longer_runs_past_the_policys_deadline_and_ends_at_its_own() {
        BulkJobs<ExamQuery, ExamResults> longer = BulkJobs.local(
                new Longer(new ExamJobKind(lookup)),
                new JobCapacity(policy),
                new Environment(ticker, Clock.systemUTC(), executor));
        HallTicketRange range = rolls("01", "03");
        longer.request(range, QUERY);
        executor.runNext();

        ticker.advance(DEADLINE.plusNanos(1));
        BulkStatus<ExamResults> running = longer.request(range, QUERY);
        ticker.advance(DEADLINE.multipliedBy(2));
        BulkStatus<ExamResults> ended = longer.request(range, QUERY);

        assertThat(running).isEqualTo(new BulkStatus.Loading<>(1, 3));
        assertThat(resultsOf(ended).missing()).isEqualTo(2);
    }

    @Test
    void a_complete_job_is_kept_ten_minutes_and_one_with_hall_tickets_missing_only_one() {
        HallTicketRange complete = rolls("01", "02");
        jobs.request(complete, QUERY);
        executor.runAll();
        ticker.advance(KEEP_FINISHED);
        boolean keptComplete = jobs.hasJob(complete, QUERY);
        ticker.advance(Duration.ofNanos(1));
        boolean forgottenComplete = !jobs.hasJob(complete, QUERY);

        university.setDown(true);
        HallTicketRange incomplete = rolls("03", "04");
        jobs.request(incomplete, QUERY);
        executor.runAll();
        BulkStatus<ExamResults> failed = jobs.request(incomplete, QUERY);
        ticker.advance(KEEP_INCOMPLETE);
        boolean keptIncomplete = jobs.hasJob(incomplete, QUERY);
        ticker.advance(Duration.ofNanos(1));
        BulkStatus<ExamResults> renewed = jobs.request(incomplete, QUERY);

        assertThat(keptComplete).isTrue();
        assertThat(forgottenComplete).isTrue();
        assertThat(resultsOf(failed).missing()).isEqualTo(2);
        assertThat(keptIncomplete).isTrue();
        assertThat(renewed).isEqualTo(new BulkStatus.Loading<>(0, 2));
    }

    @Test
    void a_hall_ticket_the_university_fails_for_is_tried_again_then_left_out() {
        university.setDown(true);
        HallTicketRange range = rolls("01", "03");

        jobs.request(range, QUERY);
        executor.runAll();
        BulkStatus<ExamResults> finished = jobs.request(range, QUERY);

        assertThat(finished).isEqualTo(new BulkStatus.Finished<>(new ExamResults(List.of(), 3)));
        assertThat(university.requestCount("/resultAction")).isEqualTo(3 * 2); // two tries each
    }

    @Test
    void stopping_ends_a_running_job_and_its_waiting_hall_tickets_never_reach_the_university() {
        HallTicketRange range = rolls("01", "03");
        jobs.request(range, QUERY);
        executor.runNext();

        jobs.stop();
        executor.runAll();

        assertThat(jobs.request(range, QUERY))
                .isInstanceOf(BulkStatus.Finished.class)
                .extracting(status -> resultsOf(status).missing())
                .isEqualTo(2);
        assertThat(university.requestCount("/resultAction")).isEqualTo(1);
    }
}
