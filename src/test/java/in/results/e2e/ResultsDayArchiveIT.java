package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.catalog.ExamCatalog;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import in.results.simulator.releases.MarksLayout;
import in.results.testing.DataFolders;
import in.results.testing.PostgresServer;
import in.results.testing.RedisServer;
import in.results.testing.ReleaseLists;
import io.javalin.Javalin;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Results day end to end, with the archive: the university (primary and mirror simulators) starts on the day before a
 * regular release and publishes while the service runs ({@link UniversitySimulator#advanceTo}). Every expected answer
 * comes from the simulator's truth ({@link ExpectedTranscript}, {@link ExpectedReport#release}, {@link Expected}), and
 * every expected cost from the releases the move published ({@link Cohort#releasesBetween}): a returning student may
 * cost the university only releases listed after their last lookup.
 */
class ResultsDayArchiveIT {
    private static final Cohort COHORT = Cohort.generate(42);
    /** Every exam code of the cohort, RC/RV codes being their exams': what a student can be asked about. */
    private static final Set<String> CODES = codesOf(COHORT.exams());
    /** The R18 II Year II Semester regular release of one batch: results day in these tests. */
    private static final Exam RESULTS_DAY_RELEASE =
            COHORT.nextRegularRelease(LocalDate.of(2023, 12, 1)).orElseThrow();

    private static final LocalDate RESULTS_DAY = RESULTS_DAY_RELEASE.releaseDate();
    private static final LocalDate DAY_BEFORE = RESULTS_DAY.minusDays(1);
    /** Results day and about a month after it: more releases of other batches and the release's RC/RV results. */
    private static final LocalDate MONTH_AFTER =
            COHORT.rcrvExam(RESULTS_DAY_RELEASE.code()).orElseThrow().releaseDate();
    /** Ten weeks after the day before: another batch's first regular release and several RC/RV releases. */
    private static final LocalDate WEEKS_AFTER = DAY_BEFORE.plusWeeks(10);

    private static final Map<String, String> QUICK_LIST = Map.of("RESULTS_LIST_REFRESH_SECONDS", "5");
    private static final Pattern METRIC_LINE = Pattern.compile("(?m)^(\\S+?)(\\{[^}]*})? (\\S+)$");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final PublishingUniversity world = new PublishingUniversity(COHORT);

    private UniversitySimulator primary;
    private UniversitySimulator mirror;

    @AfterEach
    void stopEverything() throws Exception {
        world.stopEverything();
    }

    @Test
    void a_regular_release_shows_within_sixty_seconds_without_refresh_asking_only_the_new_release() {
        // given a service with the default list refresh (30 s) and a university on the day before results day,
        // and students of the batch whose results come out then, and of other batches, looked up once
        university(DAY_BEFORE);
        ServiceClient service = service(Map.of());
        Cohort before = primary.cohort();
        Cohort after = COHORT.asOf(RESULTS_DAY);
        List<Student> batch = after.students().stream()
                .filter(s -> s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .limit(3)
                .toList();
        List<Student> others =
                acrossBatches(after, 6, s -> !s.hasNoResult() && !s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                        .stream()
                        .filter(s ->
                                !before.student(s.hallTicket()).orElseThrow().hasNoResult())
                        .toList();
        for (Student student : concat(batch, others)) {
            assertThat(service.get(transcriptPath(student)).json())
                    .as(student.hallTicket())
                    .isEqualTo(ExpectedTranscript.of(
                            before, before.student(student.hallTicket()).orElseThrow()));
        }
        Map<String, Map<String, Long>> askedBefore = askedPerStudent(concat(batch, others));

        // when the university publishes the batch's results, and a student of the batch keeps asking
        List<Exam> published = publish(RESULTS_DAY);
        long publishedAt = System.nanoTime();
        Student asking = batch.getFirst();
        ObjectNode expected = ExpectedTranscript.of(after, asking);
        await("the new semester in the answer of " + asking.hallTicket())
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> service.get(transcriptPath(asking)).json().equals(expected));
        Duration shownAfter = Duration.ofNanos(System.nanoTime() - publishedAt);
        List<ServiceClient.Reply> batchReplies =
                batch.stream().map(s -> service.get(transcriptPath(s))).toList();
        List<ServiceClient.Reply> otherReplies =
                others.stream().map(s -> service.get(transcriptPath(s))).toList();

        // then it showed within a minute, every answer is the truth of results day, and each student of the batch
        // cost exactly the new release; nobody was asked anything else
        System.out.printf("results day: %s shown %d ms after it was published%n", published, shownAfter.toMillis());
        assertThat(codesOf(published)).containsExactly(RESULTS_DAY_RELEASE.code());
        assertThat(shownAfter).isLessThanOrEqualTo(Duration.ofSeconds(60));
        assertThat(batch).hasSize(3);
        assertThat(others).hasSizeGreaterThanOrEqualTo(4);
        for (int i = 0; i < batch.size(); i++) {
            Student student = batch.get(i);
            ObjectNode truth = ExpectedTranscript.of(after, student);
            assertThat(truth)
                    .as("results day changes the transcript")
                    .isNotEqualTo(ExpectedTranscript.of(
                            before, before.student(student.hallTicket()).orElseThrow()));
            assertThat(batchReplies.get(i).status()).isEqualTo(200);
            assertThat(batchReplies.get(i).json()).as(student.hallTicket()).isEqualTo(truth);
            assertThat(maxAgeOf(batchReplies.get(i))).isBetween(0, 30);
            assertThat(askedSince(askedBefore, student))
                    .as("requests for %s since the publish", student.hallTicket())
                    .isEqualTo(newPagesOf(student, after, published));
        }
        for (int i = 0; i < others.size(); i++) {
            Student student = others.get(i);
            assertThat(otherReplies.get(i).json())
                    .as(student.hallTicket())
                    .isEqualTo(ExpectedTranscript.of(after, student));
            assertThat(askedSince(askedBefore, student).keySet())
                    .as("requests for %s since the publish", student.hallTicket())
                    .isSubsetOf(codesOf(published));
        }
    }

    @Test
    void the_students_a_new_release_concerns_are_read_ahead_so_that_their_answers_are_ready_when_it_shows() {
        // given six students of the batch whose results come out on results day and four of other batches, looked
        // up the day before by a service that reads the list every 5 s (and waits for its warm-up, 15 s by default)
        university(DAY_BEFORE);
        ServiceClient service = service(QUICK_LIST);
        ReadAheadCase students = ReadAheadCase.of(primary.cohort(), 6, 4);
        lookUpExactly(service, primary.cohort(), students.all());

        // when the university publishes the batch's results and the service's list shows them, and they come back
        // then each student of the batch had their new page read once before the list showed it, nobody else was
        // asked anything, and every answer is the truth of results day, at no further request
        publishAndComeBack(students, service);
    }

    @Test
    void students_beyond_the_read_ahead_plan_are_not_fitted_and_ask_only_their_new_release_when_they_come_back() {
        // given six students of the batch whose results come out on results day, looked up the day before by a service
        // that reads the list every 5 s and plans two students at most per warm-up
        university(DAY_BEFORE);
        ServiceClient service = service(with(QUICK_LIST, "RESULTS_READ_AHEAD_MAX", "2"));
        ReadAheadCase students = ReadAheadCase.of(primary.cohort(), 6, 0);
        lookUpExactly(service, primary.cohort(), students.all());
        Map<String, Map<String, Long>> askedBefore = askedPerStudent(students.all());

        // when the university publishes, the service's list shows it, and the six come back
        publish(RESULTS_DAY);
        await("the new release on the service's list")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> service.get("/new/all").response().body().contains(examCodeField(RESULTS_DAY_RELEASE)));
        Map<String, Map<String, Long>> readAhead = new LinkedHashMap<>();
        students.all().forEach(s -> readAhead.put(s.hallTicket(), askedSince(askedBefore, s)));
        Map<String, Map<String, Long>> askedBeforeReturning = askedPerStudent(students.all());
        List<ServiceClient.Reply> replies =
                students.all().stream().map(s -> service.get(transcriptPath(s))).toList();

        // then two had their new page read ahead and four were not fitted; every answer is the truth of results day,
        // the four that did not fit asking only the new release, once each, and the two read ahead nothing
        Map<String, Long> release = Map.of(RESULTS_DAY_RELEASE.code(), 1L);
        assertThat(readAhead.values()).filteredOn(release::equals).hasSize(2);
        assertThat(readAhead.values()).filteredOn(Map::isEmpty).hasSize(4);
        assertThat(metric(service, "results_read_ahead_students_total", "outcome=\"ready\""))
                .isEqualTo(2);
        assertThat(metric(service, "results_read_ahead_students_total", "outcome=\"not_fitted\""))
                .isEqualTo(4);
        assertThat(exactAndAsked(students.all(), replies, COHORT.asOf(RESULTS_DAY), askedBeforeReturning))
                .as("requests while the students came back")
                .allSatisfy((hallTicket, asked) -> assertThat(asked)
                        .as(hallTicket)
                        .isEqualTo(readAhead.get(hallTicket).isEmpty() ? release : Map.of()));
    }

    @Test
    void a_stale_copy_without_a_release_the_list_shows_is_not_served_while_the_university_answers_slowly() {
        // given a student of the batch looked up the day before by a service that reads nothing ahead, reads the list
        // every 5 s and waits 1 s for the university in a request
        university(DAY_BEFORE);
        ServiceClient service = service(Map.of(
                "RESULTS_LIST_REFRESH_SECONDS",
                "5",
                "RESULTS_WARMUP_SECONDS",
                "0",
                "RESULTS_REQUEST_DEADLINE_MS",
                "1000"));
        Student student = ReadAheadCase.of(primary.cohort(), 1, 0).batch().getFirst();
        lookUpExactly(service, primary.cohort(), List.of(student));

        // when the university publishes, the service's list shows it, and the student asks while the university takes
        // 3 s to answer (up, but slower than the request's deadline), and again once it has answered
        publish(RESULTS_DAY);
        await("the new release on the service's list")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> service.get("/new/all").response().body().contains(examCodeField(RESULTS_DAY_RELEASE)));
        primary.setLatency(Duration.ofSeconds(3), Duration.ZERO);
        mirror.setLatency(Duration.ofSeconds(3), Duration.ZERO);
        ServiceClient.Reply whileSlow = service.get(transcriptPath(student));
        primary.setLatency(Duration.ZERO, Duration.ZERO);
        mirror.setLatency(Duration.ZERO, Duration.ZERO);
        JsonNode truth = ExpectedTranscript.of(COHORT.asOf(RESULTS_DAY), student);
        await("the answer rebuilt with the release")
                .atMost(Duration.ofSeconds(30))
                .until(() -> truth.equals(service.get(transcriptPath(student)).json()));

        // then the copy of the day before, which lacks the release, was not served: the student was told to come back
        assertThat(whileSlow.status()).as(whileSlow.response().body()).isEqualTo(503);
        assertThat(whileSlow.header("Retry-After")).isNotNull();
        assertThat(whileSlow.json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
    }

    @Test
    void a_slow_warm_up_holds_the_new_list_back_for_its_bound_and_the_lookups_under_way_are_joined_not_repeated() {
        // given the twelve students of the batch looked up the day before, by a service that waits at most 1 s for
        // the warm-up of a new list (and 10 s for an answer of the university), and a university that takes 4 s to
        // answer anything
        university(DAY_BEFORE);
        ServiceClient service = service(Map.of(
                "RESULTS_LIST_REFRESH_SECONDS",
                "5",
                "RESULTS_WARMUP_SECONDS",
                "1",
                "RESULTS_UPSTREAM_TIMEOUT_MS",
                "10000"));
        Cohort before = primary.cohort();
        Cohort after = COHORT.asOf(RESULTS_DAY);
        List<Student> batch = after.students().stream()
                .filter(s -> s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .filter(s -> !before.student(s.hallTicket()).orElseThrow().hasNoResult())
                .limit(12)
                .toList();
        lookUpExactly(service, before, batch);
        Duration slow = Duration.ofSeconds(4);
        primary.setLatency(slow, Duration.ZERO);
        mirror.setLatency(slow, Duration.ZERO);
        Map<String, Map<String, Long>> askedBefore = askedPerStudent(batch);

        // when the university publishes, the service asks for its list, and the list shows the release
        long listAskedBefore = listRequests();
        publish(RESULTS_DAY);
        await("the service asking for the list")
                .atMost(Duration.ofSeconds(30))
                .until(() -> listRequests() > listAskedBefore);
        long listAsked = System.nanoTime();
        await("the new release on the service's list")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> service.get("/new/all").response().body().contains(examCodeField(RESULTS_DAY_RELEASE)));
        Duration heldBack = Duration.ofNanos(System.nanoTime() - listAsked);
        List<ServiceClient.Reply> replies =
                batch.stream().map(s -> service.get(transcriptPath(s))).toList();

        // then the list showed after its own answer's time and the bound, not before (it waited for the warm-up) and
        // not much after (a complete warm-up would take another 4 s at least), and every student's answer is the
        // truth, their new page asked once in all
        System.out.printf("a slow warm-up: the new list shown %d ms after it was asked for%n", heldBack.toMillis());
        assertThat(batch).hasSize(12);
        assertThat(heldBack).isBetween(slow.plusMillis(800), slow.plusSeconds(1).plusMillis(1500));
        assertThat(exactAndAsked(batch, replies, after, askedBefore))
                .allSatisfy((hallTicket, asked) ->
                        assertThat(asked).as(hallTicket).isEqualTo(Map.of(RESULTS_DAY_RELEASE.code(), 1L)));
    }

    @Test
    void in_a_fleet_the_instance_reading_the_new_list_reads_ahead_students_whose_answers_other_instances_keep() {
        // given two instances on one Redis and one PostgreSQL, and eight students of the batch and four others
        // looked up through the first (their answers kept in Redis, the day before's), which then stops: the second
        // never saw them
        university(DAY_BEFORE);
        Map<String, String> fleet = fleetOn(closedAfter(RedisServer.start()));
        Javalin first = startService(fleet);
        ServiceClient second = service(fleet);
        ReadAheadCase students = ReadAheadCase.of(primary.cohort(), 8, 4);
        lookUpExactly(new ServiceClient(first.port()), primary.cohort(), students.all());
        stop(first);

        // when the university publishes, the second's list shows the release, and the students come back through it
        // then the batch's new pages were read before the list showed, and every answer is the truth, at no
        // further request
        publishAndComeBack(students, second);
    }

    /**
     * Students of the batch whose results come out on results day and of other batches, all with results the day
     * before: what a new release's read-ahead is checked with.
     */
    private record ReadAheadCase(List<Student> batch, List<Student> others) {
        static ReadAheadCase of(Cohort before, int fromBatch, int fromOthers) {
            Cohort after = COHORT.asOf(RESULTS_DAY);
            Predicate<Student> hadResults =
                    s -> !before.student(s.hallTicket()).orElseThrow().hasNoResult();
            Predicate<Student> sitting = s -> s.results().containsKey(RESULTS_DAY_RELEASE.code());
            List<Student> batch = after.students().stream()
                    .filter(sitting.and(hadResults))
                    .limit(fromBatch)
                    .toList();
            List<Student> others = acrossBatches(after, fromOthers, hadResults.and(sitting.negate()));
            assertThat(batch).hasSize(fromBatch);
            assertThat(others).hasSize(fromOthers);
            return new ReadAheadCase(batch, others);
        }

        List<Student> all() {
            return concat(batch, others);
        }
    }

    /**
     * Publishes results day, waits until {@code through}'s list shows it, and checks what reading ahead promises: each
     * student of the batch had their new page read once before the list showed it and the others nothing; then
     * every student's answer through {@code through} is the truth of results day, the batch's fresh copies, at no
     * further request.
     */
    private void publishAndComeBack(ReadAheadCase students, ServiceClient through) {
        Map<String, Map<String, Long>> askedBefore = askedPerStudent(students.all());
        List<Exam> published = publish(RESULTS_DAY);
        await("the new release on the service's list")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> through.get("/new/all").response().body().contains(examCodeField(RESULTS_DAY_RELEASE)));
        Map<String, Map<String, Long>> readAhead = new LinkedHashMap<>();
        students.all().forEach(s -> readAhead.put(s.hallTicket(), askedSince(askedBefore, s)));
        Map<String, Map<String, Long>> askedBeforeReturning = askedPerStudent(students.all());
        List<ServiceClient.Reply> replies =
                students.all().stream().map(s -> through.get(transcriptPath(s))).toList();

        assertThat(codesOf(published)).containsExactly(RESULTS_DAY_RELEASE.code());
        for (Student student : students.batch()) {
            assertThat(readAhead.get(student.hallTicket()))
                    .as("read ahead for %s", student.hallTicket())
                    .isEqualTo(Map.of(RESULTS_DAY_RELEASE.code(), 1L));
        }
        for (Student student : students.others()) {
            assertThat(readAhead.get(student.hallTicket()))
                    .as("read ahead for %s", student.hallTicket())
                    .isEmpty();
        }
        assertThat(exactAndAsked(students.all(), replies, COHORT.asOf(RESULTS_DAY), askedBeforeReturning))
                .as("requests while the students came back")
                .allSatisfy(
                        (hallTicket, asked) -> assertThat(asked).as(hallTicket).isEmpty());
        for (int i = 0; i < students.batch().size(); i++) {
            assertThat(replies.get(i).header("X-Cache"))
                    .as(students.batch().get(i).hallTicket())
                    .isEqualTo("HIT");
        }
        assertThat(metric(through, "results_read_ahead_students_total", "outcome=\"ready\""))
                .isBetween((long) students.batch().size(), (long) students.all().size());
        assertThat(metric(through, "results_read_ahead_students_total", "outcome=\"failed\""))
                .isZero();
        assertThat(metric(through, "results_read_ahead_students_total", "outcome=\"not_started\""))
                .isZero();
    }

    /** The release list pages the university was asked for (primary and mirror). */
    private long listRequests() {
        return primary.requestCount("/jsp/home.jsp") + mirror.requestCount("/jsp/home.jsp");
    }

    @Test
    void a_no_result_read_before_the_release_was_listed_is_never_taken_for_its_answer() {
        // given a student of the batch looked up the day before, who also asked for the coming release's code on
        // its own (the university answers "no result": nothing is published under it yet)
        university(DAY_BEFORE);
        ServiceClient service = service(QUICK_LIST);
        Cohort after = COHORT.asOf(RESULTS_DAY);
        Student student = after.students().stream()
                .filter(s -> s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .findFirst()
                .orElseThrow();
        service.get(transcriptPath(student));
        String early = examPath(student, RESULTS_DAY_RELEASE);
        var tooEarly = service.get(early);

        // when the university publishes it
        publish(RESULTS_DAY);

        // then the student's answer shows it once the list is read, the early "no result" notwithstanding
        ObjectNode expected = ExpectedTranscript.of(after, student);
        await("the new semester in the answer of " + student.hallTicket())
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> service.get(transcriptPath(student)).json().equals(expected));
        assertThat(tooEarly.status()).isEqualTo(404);
        assertThat(service.get(early).status()).isEqualTo(200);
    }

    @Test
    void a_load_started_on_the_old_list_and_joined_after_the_new_one_was_announced_answers_on_the_new_list() {
        // given a service that reads the list every 5 s and waits at most 2 s for reading ahead (10 s for an answer of
        // the university, 30 s for a request), a student of the batch looked up the day before (the archive knows
        // them: a new list is read ahead for them), and a university that takes 4 s to answer anything
        university(DAY_BEFORE);
        ServiceClient service = service(Map.of(
                "RESULTS_LIST_REFRESH_SECONDS",
                "5",
                "RESULTS_WARMUP_SECONDS",
                "2",
                "RESULTS_UPSTREAM_TIMEOUT_MS",
                "10000",
                "RESULTS_REQUEST_DEADLINE_MS",
                "30000"));
        Cohort before = primary.cohort();
        Cohort after = COHORT.asOf(RESULTS_DAY);
        List<Student> batch = after.students().stream()
                .filter(s -> s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .filter(s -> !before.student(s.hallTicket()).orElseThrow().hasNoResult())
                .limit(2)
                .toList();
        Student known = batch.getFirst();
        Student unknown = batch.getLast();
        lookUpExactly(service, before, List.of(known));
        Duration slow = Duration.ofSeconds(4);
        primary.setLatency(slow, Duration.ZERO);
        mirror.setLatency(slow, Duration.ZERO);
        Map<String, Map<String, Long>> askedBefore = askedPerStudent(batch);

        // when the university publishes, and while the service reads the known student ahead on the new list (its new
        // page asked: the list is read, not announced yet), a person asks for a student the archive does not know (a
        // cold lookup, on the list in use); once the list shows the release, the same student is asked for again
        publish(RESULTS_DAY);
        await("the new list read ahead for " + known.hallTicket())
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(10))
                .until(() -> !askedSince(askedBefore, known).isEmpty());
        long askedDuringWarmUp = System.nanoTime();
        CompletableFuture<ServiceClient.Reply> duringWarmUp =
                CompletableFuture.supplyAsync(() -> service.get(transcriptPath(unknown)));
        await("the new release on the service's list")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> service.get("/new/all").response().body().contains(examCodeField(RESULTS_DAY_RELEASE)));
        boolean loadRunning = !duringWarmUp.isDone();
        long shown = System.nanoTime();
        ServiceClient.Reply afterAnnouncement = service.get(transcriptPath(unknown));
        long answered = System.nanoTime();
        ServiceClient.Reply next = service.get(transcriptPath(unknown));

        // then the lookup asked for during the warm-up was still under way when the release showed, and the request
        // made after it, which joined that lookup, is answered on the new list: the truth of results day, and so is
        // the next, the new page asked once in all
        System.out.printf(
                "a load joined across an announcement: the release showed %d ms after the lookup was asked for, and"
                        + " the request joining it was answered %d ms later%n",
                Duration.ofNanos(shown - askedDuringWarmUp).toMillis(),
                Duration.ofNanos(answered - shown).toMillis());
        ObjectNode truth = ExpectedTranscript.of(after, unknown);
        assertThat(batch).hasSize(2);
        assertThat(truth)
                .as("results day changes the transcript")
                .isNotEqualTo(ExpectedTranscript.of(
                        before, before.student(unknown.hallTicket()).orElseThrow()));
        assertThat(loadRunning)
                .as(
                        "the lookup of %s asked for during the warm-up still under way when the release showed",
                        unknown.hallTicket())
                .isTrue();
        assertThat(afterAnnouncement.status()).isEqualTo(200);
        assertThat(afterAnnouncement.json())
                .as("%s asked for after the release showed, joining the lookup started before", unknown.hallTicket())
                .isEqualTo(truth);
        assertThat(next.json()).as(unknown.hallTicket()).isEqualTo(truth);
        assertThat(duringWarmUp.join().status()).isEqualTo(200);
        assertThat(askedSince(askedBefore, unknown))
                .as("requests for %s since the publish", unknown.hallTicket())
                .containsEntry(RESULTS_DAY_RELEASE.code(), 1L);
        // an exam code is one page and its RC/RV page: the build on the new list starts from what the first one read
        assertThat(askedSince(askedBefore, unknown).values())
                .as("requests for %s per exam code, both builds together", unknown.hallTicket())
                .allSatisfy(count -> assertThat(count).isLessThanOrEqualTo(2L));
    }

    @Test
    void a_seen_set_is_never_kept_without_its_page_when_another_instance_read_the_page_and_its_archive_writes_wait()
            throws Exception {
        // given two instances on one Redis, neither reading ahead: Y with its archive on a PostgreSQL, X with its
        // archive on a PostgreSQL that is down (X's archive writes wait in its queue); a student of the batch looked
        // up through Y the day before, who also asked Y for the coming release's code on its own ("no result", kept in
        // Y's archive: nothing is published under it yet); and Redis restarted empty in the night
        university(DAY_BEFORE);
        RedisServer redis = closedAfter(RedisServer.start());
        Map<String, String> fleetY = with(fleetOn(redis), "RESULTS_WARMUP_SECONDS", "0");
        PostgresServer down = closedAfter(PostgresServer.start());
        Map<String, String> fleetX = with(fleetY, "RESULTS_DATABASE_URL", down.newDatabase());
        down.stop();
        ServiceClient y = service(fleetY);
        ServiceClient x = service(fleetX);
        Cohort before = primary.cohort();
        Cohort after = COHORT.asOf(RESULTS_DAY);
        Student student = after.students().stream()
                .filter(s -> s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .filter(s -> !before.student(s.hallTicket()).orElseThrow().hasNoResult())
                .findFirst()
                .orElseThrow();
        lookUpExactly(y, before, List.of(student));
        ServiceClient.Reply tooEarly = y.get(examPath(student, RESULTS_DAY_RELEASE));
        y.awaitArchiveWritten();
        assertThat(redis.command("FLUSHALL")).isEqualTo("OK");

        // when the university publishes and X is asked for the student's new page at once (the page goes to Redis,
        // X's archive write of it waits); Y is asked for the student until its answer shows the release (Y builds it
        // once its list shows the release, the new page taken from Redis) and writes its archive; then Redis loses
        // every key and a new instance on Y's PostgreSQL is asked for the student
        publish(RESULTS_DAY);
        Map<String, Map<String, Long>> askedBefore = askedPerStudent(List.of(student));
        ServiceClient.Reply fromX = x.get(examPath(student, RESULTS_DAY_RELEASE));
        ObjectNode truth = ExpectedTranscript.of(after, student);
        ServiceClient.Reply rebuiltByY = await("the new semester in Y's answer for " + student.hallTicket())
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(
                        () -> y.get(transcriptPath(student)),
                        reply -> reply.json().equals(truth));
        Map<String, Long> askedByTheFleet = askedSince(askedBefore, student);
        y.awaitArchiveWritten();
        JsonNode archiveOfX = archiveOf(x);
        assertThat(redis.command("FLUSHALL")).isEqualTo("OK");
        ServiceClient fresh = service(fleetY);
        ServiceClient.Reply fromYsArchive = fresh.get(transcriptPath(student));

        // then Y's answer was built on the new list from the page X read (read once in all) while X's write of it
        // still waits; and the new instance, which has only Y's archive, answers the truth of results day too: Y's
        // archive keeps the page with the seen set that names its release, not the "no result" read before it was
        // published
        String databaseOfY = fleetY.get("RESULTS_DATABASE_URL");
        assertThat(truth)
                .as("results day changes the transcript")
                .isNotEqualTo(ExpectedTranscript.of(
                        before, before.student(student.hallTicket()).orElseThrow()));
        assertThat(tooEarly.status()).isEqualTo(404);
        assertThat(fromX.status()).isEqualTo(200);
        assertThat(rebuiltByY.header("X-Cache")).isEqualTo("MISS");
        assertThat(askedByTheFleet)
                .as("requests for %s since the publish: X's alone", student.hallTicket())
                .isEqualTo(Map.of(RESULTS_DAY_RELEASE.code(), 1L));
        assertThat(archiveOfX.get("reachable").asBoolean()).isFalse();
        assertThat(archiveOfX.get("queued_writes").asInt())
                .as("X's archive writes waiting")
                .isPositive();
        assertThat(fromYsArchive.status()).isEqualTo(200);
        assertThat(fromYsArchive.json())
                .as("%s answered from Y's archive after Redis lost its keys", student.hallTicket())
                .isEqualTo(truth);
        assertThat(seenKept(databaseOfY, student))
                .as("the releases Y's archive records as seen for %s", student.hallTicket())
                .contains(RESULTS_DAY_RELEASE.code());
        assertThat(outcomeKept(databaseOfY, student, RESULTS_DAY_RELEASE))
                .as("what Y's archive keeps of %s in %s", student.hallTicket(), RESULTS_DAY_RELEASE.code())
                .isEqualTo("found");
    }

    @Test
    void returning_students_after_a_restart_cost_only_releases_listed_since_their_last_lookup() throws Exception {
        // given twenty students of every batch (some with results in what comes next) looked up the day before
        university(DAY_BEFORE);
        Path dataFolder = DataFolders.fresh();
        Javalin first = startService(Map.of("RESULTS_DATA_DIR", dataFolder.toString()));
        Cohort before = primary.cohort();
        Cohort after = COHORT.asOf(WEEKS_AFTER);
        List<Exam> comingUp = COHORT.releasesBetween(DAY_BEFORE, WEEKS_AFTER);
        List<Student> students = returningStudents(before, after, comingUp, 20);
        lookUpExactly(new ServiceClient(first.port()), before, students);
        stop(first);

        // when the university publishes ten weeks of releases (regular, supplementary, RC/RV) and the service comes
        // back on the same data folder
        int newestBefore = ReleaseLists.newestCode(ReleaseLists.pageOf(primary));
        List<Exam> published = publish(WEEKS_AFTER);
        Set<String> newlyReleased = newlyReleased(newestBefore, published);
        Map<String, Map<String, Long>> askedBefore = askedPerStudent(students);
        ServiceClient second = service(Map.of("RESULTS_DATA_DIR", dataFolder.toString()));
        List<ServiceClient.Reply> replies =
                students.stream().map(s -> second.get(transcriptPath(s))).toList();

        // then every answer is the truth after the move, and each student cost only releases published by it
        assertThat(published).isEqualTo(comingUp).anyMatch(Exam::rcrv).anyMatch(e -> e.kind() == ExamKind.REGULAR);
        assertThat(students.stream()
                        .filter(s -> !ExpectedTranscript.of(after, s)
                                .equals(ExpectedTranscript.of(
                                        before, before.student(s.hallTicket()).orElseThrow()))))
                .as("students whose transcript the move changes")
                .hasSizeGreaterThanOrEqualTo(8);
        Map<String, Map<String, Long>> asked = exactAndAsked(students, replies, after, askedBefore);
        for (Student student : students) {
            assertThat(asked.get(student.hallTicket()).keySet())
                    .as("every page %s has in what was published is asked", student.hallTicket())
                    .containsAll(newPagesOf(student, after, published).keySet());
        }
        report("returning students after a restart", costsOf(asked));
        assertThat(askedOutside(asked, newlyReleased))
                .as("students asked for releases not released since their last lookup (released: %s)", newlyReleased)
                .isEmpty();
    }

    @Test
    void a_returning_student_with_nothing_listed_since_costs_nothing_after_a_restart() {
        // given the same twenty students looked up once, ten weeks after the day before, on an embedded archive
        university(WEEKS_AFTER);
        Path dataFolder = DataFolders.fresh();
        Map<String, String> settings = Map.of("RESULTS_DATA_DIR", dataFolder.toString());
        Javalin first = startService(settings);
        Cohort truth = primary.cohort();
        List<Student> students =
                returningStudents(COHORT.asOf(DAY_BEFORE), truth, COHORT.releasesBetween(DAY_BEFORE, WEEKS_AFTER), 20);
        ServiceClient firstClient = new ServiceClient(first.port());
        students.forEach(s -> assertThat(firstClient.get(transcriptPath(s)).json())
                .as(s.hallTicket())
                .isEqualTo(ExpectedTranscript.of(truth, s)));
        stop(first);

        // when the service comes back on the same folder, the university's list unchanged, and they return
        Map<String, Map<String, Long>> askedBefore = askedPerStudent(students);
        ServiceClient second = service(settings);
        List<ServiceClient.Reply> replies =
                students.stream().map(s -> second.get(transcriptPath(s))).toList();

        // then every answer comes from the archive: nothing was listed since their last lookup
        Map<String, Map<String, Long>> askedAgain = new TreeMap<>();
        for (int i = 0; i < students.size(); i++) {
            Student student = students.get(i);
            assertThat(replies.get(i).json()).as(student.hallTicket()).isEqualTo(ExpectedTranscript.of(truth, student));
            Map<String, Long> asked = askedSince(askedBefore, student);
            if (!asked.isEmpty()) {
                askedAgain.put(student.hallTicket(), asked);
            }
        }
        assertThat(askedAgain)
                .as("students asked again although the list shows nothing new since their last lookup")
                .isEmpty();
    }

    @Test
    void attempts_lists_every_page_the_lookup_read_oldest_first_as_the_university_published_it() {
        // given the university on its latest day, and students with supplementary and RC/RV attempts
        university(COHORT.latestDay());
        ServiceClient service = service(QUICK_LIST);
        Cohort truth = primary.cohort();
        List<Student> students = new ArrayList<>();
        for (String regulation : List.of("R18", "R22")) {
            students.add(truth.students().stream()
                    .filter(s -> s.regulation().equals(regulation))
                    .filter(s ->
                            pagesOf(truth, s).stream().anyMatch(p -> p.release().kind() != ExamKind.REGULAR))
                    .filter(s -> !s.rcrvResults().isEmpty())
                    .filter(s -> s.results().keySet().stream().anyMatch(code -> isFourColumn(truth, code))
                            || regulation.equals("R22"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no " + regulation + " student with every kind of page")));
        }
        String withoutResult = truth.students().stream()
                .filter(Student::hasNoResult)
                .findFirst()
                .orElseThrow()
                .hallTicket();

        // when their attempts are asked for, and those of a hall ticket without results and of malformed ones
        List<ServiceClient.Reply> replies = students.stream()
                .map(s -> service.get("/attempts/" + s.hallTicket()))
                .toList();
        ServiceClient.Reply none = service.get("/attempts/" + withoutResult);
        ServiceClient.Reply tooShort = service.get("/attempts/12345");
        ServiceClient.Reply noYear = service.get("/attempts/ABCDEFGHIJ");

        // then each listed attempt is the page the university shows for its release, oldest first, and every page
        // that shapes the transcript is listed
        for (int i = 0; i < students.size(); i++) {
            Student student = students.get(i);
            ServiceClient.Reply reply = replies.get(i);
            assertThat(reply.status()).as(student.hallTicket()).isEqualTo(200);
            JsonNode body = reply.json();
            assertThat(body.propertyStream().map(Map.Entry::getKey))
                    .containsExactly("details", "attempts", "special_programmes");
            assertThat(body.get("special_programmes"))
                    .as("no minor degree in this world")
                    .isEmpty();
            assertThat(body.get("details")).isEqualTo(Expected.details(student));
            List<TruthPage> pages = pagesOf(truth, student);
            Map<String, ObjectNode> expectedByRelease = new LinkedHashMap<>();
            pages.forEach(page -> expectedByRelease.put(page.name(), attemptOf(page)));
            List<String> listed = new ArrayList<>();
            for (JsonNode attempt : body.get("attempts")) {
                String name = attempt.at("/release/exam_code").asText()
                        + (attempt.at("/release/rcrv").asBoolean() ? "R" : "");
                assertThat(expectedByRelease)
                        .as("%s has a page in %s", student.hallTicket(), name)
                        .containsKey(name);
                assertThat(attempt).as(student.hallTicket() + " " + name).isEqualTo(expectedByRelease.get(name));
                listed.add(name);
            }
            List<String> oldestFirst =
                    pages.stream().map(TruthPage::name).filter(listed::contains).toList();
            assertThat(listed).as("oldest first, each once").isEqualTo(oldestFirst);
            List<String> required =
                    requiredPages(truth, student).stream().map(TruthPage::name).toList();
            assertThat(listed).as("pages that shape the transcript").containsAll(required);
            assertThat(required).anyMatch(name -> name.endsWith("R"));
            assertThat(required.stream()
                            .map(name -> truth.exam(name.replace("R", "")).orElseThrow())
                            .anyMatch(exam -> exam.kind() != ExamKind.REGULAR))
                    .as("a supplementary attempt among the pages required")
                    .isTrue();
            System.out.printf(
                    "attempts of %s: %d listed of %d pages, %d required%n",
                    student.hallTicket(), listed.size(), pages.size(), required.size());
        }
        assertThat(none.status()).isEqualTo(404);
        assertThat(none.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
        for (ServiceClient.Reply malformed : List.of(tooShort, noYear)) {
            assertThat(malformed.status()).isEqualTo(400);
            assertThat(malformed.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
            assertThat(malformed.json().get("error").asText()).contains("hallticket");
        }
    }

    @Test
    void a_fleet_on_one_postgresql_serves_returning_students_after_redis_lost_its_keys_asking_only_new_releases()
            throws Exception {
        // given three instances on one Redis and one PostgreSQL, and thirty students looked up through the first
        university(DAY_BEFORE);
        RedisServer redis = closedAfter(RedisServer.start());
        Map<String, String> fleet = fleetOn(redis);
        Javalin a = startService(fleet);
        Javalin b = startService(fleet);
        Javalin c = startService(fleet);
        Cohort before = primary.cohort();
        Cohort after = COHORT.asOf(MONTH_AFTER);
        List<Exam> comingUp = COHORT.releasesBetween(DAY_BEFORE, MONTH_AFTER);
        List<Student> students = returningStudents(before, after, comingUp, 30);
        lookUpExactly(new ServiceClient(a.port()), before, students);

        // when Redis loses every key, the other two restart, the university publishes a month of releases, and
        // the thirty come back through the other two once they read the new list
        assertThat(redis.command("FLUSHALL")).isEqualTo("OK");
        assertThat(redis.command("DBSIZE")).isEqualTo("0");
        stop(b);
        stop(c);
        List<ServiceClient> others = List.of(
                new ServiceClient(startService(fleet).port()),
                new ServiceClient(startService(fleet).port()));
        int newestBefore = ReleaseLists.newestCode(ReleaseLists.pageOf(primary));
        List<Exam> published = publish(MONTH_AFTER);
        Set<String> newlyReleased = newlyReleased(newestBefore, published);
        Map<String, Map<String, Long>> askedBefore = askedPerStudent(students);
        for (ServiceClient other : others) {
            await("the new list read by the fleet")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> other.get("/new/all").response().body().contains(examCodeField(RESULTS_DAY_RELEASE)));
        }
        List<ServiceClient.Reply> replies = new ArrayList<>();
        for (int i = 0; i < students.size(); i++) {
            replies.add(others.get(i % 2).get(transcriptPath(students.get(i))));
        }

        // then every request is 200 and exact, and each student cost at most three requests, all for new releases
        assertThat(published).isEqualTo(comingUp).anyMatch(Exam::rcrv);
        Map<String, Map<String, Long>> asked = exactAndAsked(students, replies, after, askedBefore);
        report("fleet: returning students after Redis lost its keys", costsOf(asked));
        assertThat(askedOutside(asked, newlyReleased))
                .as("students asked for releases not released since their last lookup (released: %s)", newlyReleased)
                .isEmpty();
        assertThat(asked)
                .as("students who cost more than three requests")
                .noneSatisfy((hallTicket, codes) -> assertThat(costOf(codes)).isGreaterThan(3));
    }

    @Test
    void the_database_lost_mid_run_costs_no_errors_and_the_archive_catches_up_when_it_is_back() {
        // given a service whose archive is a PostgreSQL that answers
        university(COHORT.latestDay());
        PostgresServer postgres = closedAfter(PostgresServer.start());
        Map<String, String> settings = Map.of("RESULTS_DATABASE_URL", postgres.newDatabase());
        Javalin running = startService(settings);
        ServiceClient service = new ServiceClient(running.port());
        Cohort truth = primary.cohort();
        List<Student> students = acrossBatches(truth, 3, s -> !s.hasNoResult());
        await("the archive answers")
                .atMost(Duration.ofSeconds(30))
                .until(() -> archiveOf(service).get("reachable").asBoolean());
        ServiceClient.Reply whileUp = service.get(transcriptPath(students.get(0)));

        // when the database stops, a student is looked up, and then the database comes back and another is
        postgres.stop();
        ServiceClient.Reply whileDown = service.get(transcriptPath(students.get(1)));
        ServiceClient.Reply reportWhileDown =
                service.get("/report/" + students.get(1).hallTicket());
        ServiceClient.Reply attemptsWhileDown =
                service.get("/attempts/" + students.get(0).hallTicket());
        await("the archive shown unreachable")
                .atMost(Duration.ofSeconds(20))
                .until(() -> !archiveOf(service).get("reachable").asBoolean());
        JsonNode healthWhileDown = service.get("/health").json();
        postgres.restart();
        await("the archive shown reachable again")
                .atMost(Duration.ofSeconds(30))
                .until(() -> archiveOf(service).get("reachable").asBoolean());
        ServiceClient.Reply afterwards = service.get(transcriptPath(students.get(2)));
        stop(running);
        Map<String, Map<String, Long>> askedBefore = askedPerStudent(students);
        ServiceClient fresh = service(settings);
        List<ServiceClient.Reply> fromTheArchive =
                students.stream().map(s -> fresh.get(transcriptPath(s))).toList();

        // then every answer came from the university while the database was away, and everything read then and
        // later is in the archive: an instance that never saw these students asks the university nothing
        assertThat(List.of(whileUp, whileDown, afterwards))
                .allSatisfy(reply -> assertThat(reply.status()).isEqualTo(200));
        assertThat(reportWhileDown.status()).isEqualTo(200);
        assertThat(attemptsWhileDown.status()).isEqualTo(200);
        assertThat(whileDown.json()).isEqualTo(ExpectedTranscript.of(truth, students.get(1)));
        assertThat(healthWhileDown.get("status").asText()).isEqualTo("UP");
        assertThat(healthWhileDown.get("archive").get("kind").asText()).isEqualTo("postgresql");
        assertThat(healthWhileDown.get("archive").get("reachable").asBoolean()).isFalse();
        assertThat(healthWhileDown.get("archive").has("rows")).isTrue();
        for (int i = 0; i < students.size(); i++) {
            Student student = students.get(i);
            assertThat(fromTheArchive.get(i).status()).isEqualTo(200);
            assertThat(fromTheArchive.get(i).json())
                    .as(student.hallTicket())
                    .isEqualTo(ExpectedTranscript.of(truth, student));
            assertThat(askedSince(askedBefore, student))
                    .as("requests for %s by an instance that never saw them", student.hallTicket())
                    .isEmpty();
        }
    }

    @Test
    void health_and_metrics_show_the_embedded_archive_counting_every_page_read_and_reads_after_a_restart() {
        // given a service on an embedded archive, and five students looked up
        university(COHORT.latestDay());
        Path dataFolder = DataFolders.fresh();
        Map<String, String> settings = Map.of("RESULTS_DATA_DIR", dataFolder.toString());
        Javalin first = startService(settings);
        ServiceClient service = new ServiceClient(first.port());
        List<Student> students = acrossBatches(primary.cohort(), 5, s -> !s.hasNoResult());
        students.forEach(
                s -> assertThat(service.get(transcriptPath(s)).status()).isEqualTo(200));
        long pagesRead = primary.requestCount("/resultAction") + mirror.requestCount("/resultAction");
        long distinctPages = students.stream()
                .mapToLong(s -> askedPerStudent(List.of(s)).get(s.hallTicket()).size())
                .sum();

        // when every answer is written, the archive's rows are counted, and the service restarts on the same folder
        await("every page read written")
                .atMost(Duration.ofSeconds(10))
                .until(() -> metric(service, "results_archive_writes_total", "") >= pagesRead);
        await("the pages counted")
                .atMost(Duration.ofSeconds(10))
                .until(() -> !archiveOf(service).get("rows").isNull());
        JsonNode archive = archiveOf(service);
        String metrics = service.get("/metrics").response().body();
        stop(first);
        ServiceClient restarted = service(settings);
        long askedBeforeRestart = primary.requestCount("/resultAction") + mirror.requestCount("/resultAction");
        List<ServiceClient.Reply> again =
                students.stream().map(s -> restarted.get(transcriptPath(s))).toList();
        String metricsAfterRestart = restarted.get("/metrics").response().body();

        // then /health names the embedded archive with as many rows as pages read; /metrics counts the writes of
        // every page read, no changed page, and a hit per returning student, who cost nothing
        assertThat(pagesRead).isPositive();
        assertThat(archive.get("kind").asText()).isEqualTo("embedded");
        assertThat(archive.get("reachable").asBoolean()).isTrue();
        assertThat(archive.get("rows").isIntegralNumber()).isTrue();
        assertThat(archive.get("rows").asLong()).isBetween(distinctPages, pagesRead);
        assertThat(metricValue(metrics, "results_archive_writes_total", "")).isGreaterThanOrEqualTo(pagesRead);
        assertThat(metricValue(metrics, "results_archive_changed_pages_total", ""))
                .isZero();
        assertThat(metricValue(metrics, "results_archive_reads_total", "outcome=\"miss\""))
                .isGreaterThanOrEqualTo(students.size());
        assertThat(metricValue(metricsAfterRestart, "results_archive_reads_total", "outcome=\"hit\""))
                .isGreaterThanOrEqualTo(students.size());
        assertThat(metricValue(metricsAfterRestart, "results_archive_changed_pages_total", ""))
                .isZero();
        for (int i = 0; i < students.size(); i++) {
            assertThat(again.get(i).json()).isEqualTo(ExpectedTranscript.of(primary.cohort(), students.get(i)));
        }
        assertThat(primary.requestCount("/resultAction") + mirror.requestCount("/resultAction"))
                .isEqualTo(askedBeforeRestart);
    }

    // --- the university and the service ---

    /**
     * The settings of instances on {@code redis} and one new PostgreSQL (stopped after the test), reading the list
     * every 5 s.
     */
    private Map<String, String> fleetOn(RedisServer redis) {
        PostgresServer postgres = closedAfter(PostgresServer.start());
        return Map.of(
                "RESULTS_REDIS_URL",
                redis.url(),
                "RESULTS_REDIS_TIMEOUT_MS",
                "2000",
                "RESULTS_DATABASE_URL",
                postgres.newDatabase(),
                "RESULTS_LIST_REFRESH_SECONDS",
                "5");
    }

    /** {@code settings} with {@code name} set to {@code value}. */
    private static Map<String, String> with(Map<String, String> settings, String name, String value) {
        Map<String, String> changed = new HashMap<>(settings);
        changed.put(name, value);
        return Map.copyOf(changed);
    }

    /**
     * The releases the archive on the PostgreSQL at {@code databaseUrl} records as seen by the last lookup of
     * {@code student} in their regulation (exam codes, an RC/RV release with an R after its code); empty when none.
     */
    private static List<String> seenKept(String databaseUrl, Student student) throws SQLException {
        try (Connection connection = DriverManager.getConnection(PostgresServer.jdbcUrlOf(databaseUrl));
                PreparedStatement select = connection.prepareStatement(
                        "SELECT seen_releases FROM student_lookups WHERE hall_ticket = ? AND regulation = ?")) {
            select.setString(1, student.hallTicket());
            select.setString(2, student.regulation());
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? List.of(rows.getString(1).split(" ")) : List.of();
            }
        }
    }

    /**
     * What the archive on the PostgreSQL at {@code databaseUrl} keeps of {@code student}'s page in {@code release}
     * (not its RC/RV page): {@code found}, {@code no_result}, or null when nothing.
     */
    private static String outcomeKept(String databaseUrl, Student student, Exam release) throws SQLException {
        try (Connection connection = DriverManager.getConnection(PostgresServer.jdbcUrlOf(databaseUrl));
                PreparedStatement select = connection.prepareStatement(
                        "SELECT outcome FROM result_pages WHERE hall_ticket = ? AND exam_code = ? AND NOT rcrv")) {
            select.setString(1, student.hallTicket());
            select.setString(2, release.code());
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        }
    }

    /** Primary and mirror showing the university as it stood on {@code day}. */
    private void university(LocalDate day) {
        world.openOn(day);
        primary = world.primary();
        mirror = world.mirror();
    }

    private List<Exam> publish(LocalDate day) {
        return world.publish(day);
    }

    private ServiceClient service(Map<String, String> settings) {
        return new ServiceClient(startService(settings).port());
    }

    private Javalin startService(Map<String, String> settings) {
        return world.startService(settings);
    }

    private void stop(Javalin service) {
        world.stop(service);
    }

    private <T extends AutoCloseable> T closedAfter(T resource) {
        return world.closedAfter(resource);
    }

    // --- what students cost ---

    /** Per hall ticket, the result requests the university received so far per exam code (primary and mirror). */
    private Map<String, Map<String, Long>> askedPerStudent(List<Student> students) {
        Map<String, Map<String, Long>> asked = new HashMap<>();
        for (Student student : students) {
            Map<String, Long> perCode = new TreeMap<>();
            for (String code : CODES) {
                long count = primary.resultRequestsFor(student.hallTicket(), code)
                        + mirror.resultRequestsFor(student.hallTicket(), code);
                if (count > 0) {
                    perCode.put(code, count);
                }
            }
            asked.put(student.hallTicket(), perCode);
        }
        return asked;
    }

    /**
     * Each reply (one per student, in order) must be 200 and the truth of {@code after}; what each student was asked
     * since {@code askedBefore}, by hall ticket in the students' order.
     */
    private Map<String, Map<String, Long>> exactAndAsked(
            List<Student> students,
            List<ServiceClient.Reply> replies,
            Cohort after,
            Map<String, Map<String, Long>> askedBefore) {
        Map<String, Map<String, Long>> asked = new LinkedHashMap<>();
        for (int i = 0; i < students.size(); i++) {
            Student student = students.get(i);
            assertThat(replies.get(i).status()).as(student.hallTicket()).isEqualTo(200);
            assertThat(replies.get(i).json()).as(student.hallTicket()).isEqualTo(ExpectedTranscript.of(after, student));
            asked.put(student.hallTicket(), askedSince(askedBefore, student));
        }
        return asked;
    }

    /** The students asked for a code outside {@code released}, with what they were asked. */
    private static Map<String, Map<String, Long>> askedOutside(
            Map<String, Map<String, Long>> asked, Set<String> released) {
        Map<String, Map<String, Long>> outside = new TreeMap<>();
        asked.forEach((hallTicket, codes) -> {
            if (!released.containsAll(codes.keySet())) {
                outside.put(hallTicket, codes);
            }
        });
        return outside;
    }

    private static List<Long> costsOf(Map<String, Map<String, Long>> asked) {
        return asked.values().stream().map(ResultsDayArchiveIT::costOf).toList();
    }

    private static long costOf(Map<String, Long> codes) {
        return codes.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The requests for {@code student} per exam code since {@code before} was taken. */
    private Map<String, Long> askedSince(Map<String, Map<String, Long>> before, Student student) {
        Map<String, Long> then = before.get(student.hallTicket());
        Map<String, Long> since = new TreeMap<>();
        askedPerStudent(List.of(student)).get(student.hallTicket()).forEach((code, count) -> {
            long more = count - then.getOrDefault(code, 0L);
            if (more > 0) {
                since.put(code, more);
            }
        });
        return since;
    }

    /**
     * The pages of {@code student} in the {@code published} releases, per exam code (a page and its RC/RV page are
     * two requests for one code), by the truth of {@code after}: what a returning student must be asked for.
     */
    private static Map<String, Long> newPagesOf(Student student, Cohort after, List<Exam> published) {
        Student then = after.student(student.hallTicket()).orElseThrow();
        Map<String, Long> pages = new TreeMap<>();
        for (Exam release : published) {
            Map<String, List<Mark>> shown = release.rcrv() ? then.rcrvResults() : then.results();
            if (shown.containsKey(release.code())) {
                pages.merge(release.code(), 1L, Long::sum);
            }
        }
        return pages;
    }

    /**
     * {@code count} students with results on the day before, those with a page in {@code comingUp} (by the truth of
     * {@code after}) first, up to half, then the rest from every batch in turn.
     */
    private static List<Student> returningStudents(Cohort before, Cohort after, List<Exam> comingUp, int count) {
        Predicate<Student> hadResults =
                s -> !before.student(s.hallTicket()).orElseThrow().hasNoResult();
        Predicate<Student> hasNewPage = s -> !newPagesOf(s, after, comingUp).isEmpty();
        Set<Student> chosen = new LinkedHashSet<>(acrossBatches(after, count / 2, hadResults.and(hasNewPage)));
        for (Student student : acrossBatches(after, count, hadResults)) {
            if (chosen.size() < count) {
                chosen.add(student);
            }
        }
        return List.copyOf(chosen);
    }

    /** {@code count} students of {@code cohort} matching {@code wanted}, one of each batch in turn. */
    private static List<Student> acrossBatches(Cohort cohort, int count, Predicate<Student> wanted) {
        Map<String, Deque<Student>> batches = new TreeMap<>();
        for (Student student : cohort.students()) {
            if (wanted.test(student)) {
                batches.computeIfAbsent(
                                student.regulation() + student.admissionYear() + student.lateralEntry(),
                                k -> new ArrayDeque<>())
                        .add(student);
            }
        }
        List<Student> chosen = new ArrayList<>();
        while (chosen.size() < count && batches.values().stream().anyMatch(b -> !b.isEmpty())) {
            for (Deque<Student> batch : batches.values()) {
                if (!batch.isEmpty() && chosen.size() < count) {
                    chosen.add(batch.removeFirst());
                }
            }
        }
        return chosen;
    }

    private static void report(String what, List<Long> costs) {
        List<Long> sorted = costs.stream().sorted().toList();
        System.out.printf(
                "%s: %d students, upstream requests per student median %s, max %d, all %s%n",
                what,
                sorted.size(),
                sorted.size() % 2 == 1
                        ? Long.toString(sorted.get(sorted.size() / 2))
                        : Double.toString((sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2.0),
                sorted.getLast(),
                costs);
    }

    // --- attempts, from the truth ---

    /** One page of a student in the truth: a release's page (its RC/RV release for an RC/RV page). */
    private record TruthPage(Exam release, List<Mark> rows) {
        /** The exam code, with an R after it for an RC/RV page. */
        String name() {
            return release.code() + (release.rcrv() ? "R" : "");
        }
    }

    /**
     * Every page of the student in their regulation's B.Tech releases, oldest first: by release date, then exam
     * code (as a number), an RC/RV page after its exam's.
     */
    private static List<TruthPage> pagesOf(Cohort cohort, Student student) {
        List<TruthPage> pages = new ArrayList<>();
        student.results()
                .forEach((code, rows) ->
                        pages.add(new TruthPage(cohort.exam(code).orElseThrow(), rows)));
        student.rcrvResults()
                .forEach((code, rows) ->
                        pages.add(new TruthPage(cohort.rcrvExam(code).orElseThrow(), rows)));
        pages.removeIf(page -> !page.release().degree().equals("btech")
                || !page.release().regulation().equals(student.regulation()));
        pages.sort(Comparator.comparing((TruthPage page) -> page.release().releaseDate())
                .thenComparing(page -> page.release().code(), ExamCatalog.BY_CODE)
                .thenComparing(page -> page.release().rcrv()));
        return pages;
    }

    /**
     * The pages any exact lookup must read, because they shape the transcript: every regular page and its RC/RV
     * page, and every page (and RC/RV page) of a semester the student did not pass at the first attempt (its regular
     * page merged with that page's RC/RV rows). Pages after a semester passed hold nothing new and may be left unread.
     */
    private static List<TruthPage> requiredPages(Cohort cohort, Student student) {
        List<TruthPage> pages = pagesOf(cohort, student);
        Set<String> failedAtFirst = new TreeSet<>();
        Set<String> semestersSeen = new TreeSet<>();
        for (TruthPage page : pages) {
            Exam release = page.release();
            if (release.rcrv() || !semestersSeen.add(release.semester())) {
                continue;
            }
            Map<String, Mark> revalued = new HashMap<>();
            student.rcrvResults().getOrDefault(release.code(), List.of()).forEach(m -> revalued.put(m.code(), m));
            if (page.rows().stream()
                    .map(row -> revalued.getOrDefault(row.code(), row))
                    .anyMatch(Mark::failed)) {
                failedAtFirst.add(release.semester());
            }
        }
        Set<String> regularCodes = new TreeSet<>();
        pages.stream()
                .filter(page -> !page.release().rcrv() && page.release().kind() == ExamKind.REGULAR)
                .forEach(page -> regularCodes.add(page.release().code()));
        return pages.stream()
                .filter(page -> regularCodes.contains(page.release().code())
                        || failedAtFirst.contains(page.release().semester()))
                .toList();
    }

    /** The attempt as {@code /attempts} should show it: the release, the rows in full form, the page's own SGPA. */
    private static ObjectNode attemptOf(TruthPage page) {
        ObjectNode attempt = NODES.objectNode();
        attempt.set("release", ExpectedReport.release(page.release()));
        // RC/RV pages always show marks; other pages as their release's layout.
        boolean fourColumn = !page.release().rcrv() && page.release().layout() == MarksLayout.FOUR_COLUMN;
        ArrayNode subjects = Expected.fullSubjects(page.rows(), fourColumn);
        attempt.set("subjects", subjects);
        attempt.set("sgpa", Expected.sgpaNumber(page.rows()).get("SGPA"));
        return attempt;
    }

    private static boolean isFourColumn(Cohort cohort, String code) {
        return cohort.exam(code).orElseThrow().layout() == MarksLayout.FOUR_COLUMN;
    }

    // --- small readers ---

    private static String transcriptPath(Student student) {
        return "/all/" + student.hallTicket();
    }

    /** The single-exam request for {@code student} in {@code release}, with the parameters of its link on the list. */
    private static String examPath(Student student, Exam release) {
        StringBuilder path = new StringBuilder("/api?hallticket=" + student.hallTicket());
        release.linkParams()
                .forEach((name, value) ->
                        path.append('&').append(name).append('=').append(value));
        return path.toString();
    }

    private static String examCodeField(Exam exam) {
        return "\"examCode\":\"" + exam.code() + "\"";
    }

    /**
     * The codes released by a move: those published, and the built-in codes the list's newest code has now passed
     * ({@code newestBefore} was the newest before the move), which the catalog counts as released from then on.
     */
    private Set<String> newlyReleased(int newestBefore, List<Exam> published) throws Exception {
        Set<String> released = new TreeSet<>(codesOf(published));
        released.addAll(ReleaseLists.builtInCodesAbove(newestBefore));
        released.removeAll(ReleaseLists.builtInCodesAbove(ReleaseLists.newestCode(ReleaseLists.pageOf(primary))));
        return released;
    }

    /** Looks every student up once through {@code client}: each answer must be the truth of {@code day}. */
    private static void lookUpExactly(ServiceClient client, Cohort day, List<Student> students) {
        for (Student student : students) {
            assertThat(client.get(transcriptPath(student)).json())
                    .as(student.hallTicket())
                    .isEqualTo(ExpectedTranscript.of(
                            day, day.student(student.hallTicket()).orElseThrow()));
        }
    }

    private static Set<String> codesOf(List<Exam> exams) {
        Set<String> codes = new TreeSet<>();
        exams.forEach(exam -> codes.add(exam.code()));
        return codes;
    }

    private static <T> List<T> concat(List<T> first, List<T> second) {
        List<T> both = new ArrayList<>(first);
        both.addAll(second);
        return both;
    }

    private static int maxAgeOf(ServiceClient.Reply reply) {
        Matcher maxAge = Pattern.compile("max-age=(\\d+)").matcher(String.valueOf(reply.header("Cache-Control")));
        return maxAge.find() ? Integer.parseInt(maxAge.group(1)) : -1;
    }

    private static JsonNode archiveOf(ServiceClient service) {
        return service.get("/health").json().get("archive");
    }

    private static long metric(ServiceClient service, String name, String labels) {
        return metricValue(service.get("/metrics").response().body(), name, labels);
    }

    /** The value of the line of metric {@code name} whose labels include {@code labels} ("" for any), or -1. */
    private static long metricValue(String metrics, String name, String labels) {
        Matcher line = METRIC_LINE.matcher(metrics);
        while (line.find()) {
            String lineLabels = line.group(2) == null ? "" : line.group(2);
            if (line.group(1).equals(name) && lineLabels.contains(labels)) {
                return (long) Double.parseDouble(line.group(3));
            }
        }
        return -1;
    }
}
