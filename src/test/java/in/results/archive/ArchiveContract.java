package in.results.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import in.results.testing.ArchiveSchemas;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every archive promises, whichever database holds it: run against the embedded SQLite file and a real
 * PostgreSQL by the subclasses.
 */
abstract class ArchiveContract {
    static final HallTicket STUDENT = new HallTicket("189A1A0501");
    static final HallTicket OTHER = new HallTicket("189A1A0502");
    static final Duration TIMEOUT = Duration.ofMillis(500);
    static final Instant READ = Instant.parse("2024-01-20T10:15:30.123Z");
    static final ResultPage PAGE = new ResultPage(
            "B.Tech II Year II Semester (R18) Regular Examinations July 2023",
            new StudentDetails("189A1A0501", "A STUDENT", "A FATHER", "9A"),
            List.of(
                    new SubjectResult("CS401PC", "DATA STRUCTURES", "20", "45", "65", "A", "3"),
                    new SubjectResult("MA401BS", "MATHEMATICS", "12", "-1", "12", "Ab", "0")));
    static final ResultPage WITHHELD = new ResultPage(
            PAGE.examTitle(),
            PAGE.details(),
            List.of(new SubjectResult("CS401PC", "DATA STRUCTURES", "-", "-", "-", "-", "0")));

    private Archive archive;

    /** The database a test's archive is in: empty at the start of every test. */
    abstract ArchiveDatabase database();

    Archive archive() {
        if (archive == null) {
            archive = Archive.open(database(), TIMEOUT, Clock.systemUTC());
        }
        return archive;
    }

    /** Closes the archive (writing what is queued) and opens it again on the same database, once it answers. */
    Archive reopened() {
        archive().close();
        archive = Archive.open(database(), TIMEOUT, Clock.systemUTC());
        awaitReady();
        return archive;
    }

    @AfterEach
    void closeArchive() {
        if (archive != null) {
            archive.close();
        }
    }

    static Deadline soon() {
        return Deadline.after(Duration.ofSeconds(5), com.github.benmanes.caffeine.cache.Ticker.systemTicker());
    }

    static PageKey key(String examCode, boolean rcrv) {
        return new PageKey(STUDENT, "btech", examCode, rcrv);
    }

    /** Waits until the archive's schema is in place (start-up does not wait for it). */
    void awaitReady() {
        await().atMost(Duration.ofSeconds(20)).until(() -> archive().health().reachable());
    }

    @Test
    void a_kept_page_is_read_back_within_a_second_as_it_was_kept() {
        awaitReady();
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
        archive().keep(key("1605", true), new ArchivedAnswer.NoResult(READ.plusSeconds(60)));

        await().atMost(Duration.ofSeconds(1))
                .until(() -> archive().page(key("1605", true), soon()).isPresent());

        assertThat(archive().page(key("1605", false), soon())).hasValue(new ArchivedAnswer.Found(PAGE, READ));
        assertThat(archive().page(key("1605", true), soon()))
                .hasValue(new ArchivedAnswer.NoResult(READ.plusSeconds(60)));
        assertThat(archive().page(new PageKey(STUDENT, "bpharmacy", "1605", false), soon()))
                .isEmpty();
        assertThat(archive().page(new PageKey(OTHER, "btech", "1605", false), soon()))
                .isEmpty();
    }

    @Test
    void a_student_record_holds_every_kept_answer_and_the_releases_the_last_lookup_knew() {
        awaitReady();
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
        archive().keep(key("1640", false), new ArchivedAnswer.NoResult(READ));
        archive().keep(new PageKey(OTHER, "btech", "1605", false), new ArchivedAnswer.NoResult(READ));
        archive().recordLookup(STUDENT, "R18", new SeenReleases(Set.of("1605", "1605R", "1640")), Map.of());
        archive().recordLookup(STUDENT, "R18", new SeenReleases(Set.of("1605", "1605R", "1640", "1701")), Map.of());

        StudentRecord record = reopened().student(STUDENT, "R18", soon());
        StudentRecord otherRegulation = archive().student(STUDENT, "R22", soon());

        assertThat(record.pages())
                .containsOnlyKeys(key("1605", false), key("1640", false))
                .containsEntry(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
        assertThat(record.seen().releases()).containsExactlyInAnyOrder("1605", "1605R", "1640", "1701");
        assertThat(otherRegulation.seen()).isEqualTo(SeenReleases.NONE);
        assertThat(otherRegulation.pages()).hasSize(2);
    }

    @Test
    void a_lookup_is_written_with_the_answers_it_asked_and_a_newer_kept_page_is_never_replaced_by_an_older_one() {
        // given a "no result" of 1640 read before it was published, and a page of 1605 read after the answer the
        // lookup passes on for it
        Instant later = READ.plusSeconds(60);
        awaitReady();
        archive().keep(key("1640", false), new ArchivedAnswer.NoResult(READ));
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, later));

        // when a lookup that read 1640's page (and an older "no result" of 1605) records what it knew
        archive()
                .recordLookup(
                        STUDENT,
                        "R18",
                        new SeenReleases(Set.of("1605", "1640")),
                        Map.of(
                                key("1640", false),
                                new ArchivedAnswer.Found(PAGE, later),
                                key("1605", false),
                                new ArchivedAnswer.NoResult(READ)));
        awaitWritten(5);

        // then the student's record holds the seen set with the pages it covers, the newest read of each
        StudentRecord record = reopened().student(STUDENT, "R18", soon());
        assertThat(record.pages())
                .containsEntry(key("1640", false), new ArchivedAnswer.Found(PAGE, later))
                .containsEntry(key("1605", false), new ArchivedAnswer.Found(PAGE, later));
        assertThat(record.seen().releases()).containsExactlyInAnyOrder("1605", "1640");
    }

    @Test
    void students_come_most_recently_asked_by_a_person_first_and_a_lookup_read_ahead_keeps_their_place()
            throws Exception {
        // given three students looked up by people one after another (STUDENT first), and then a lookup read ahead
        // for STUDENT (its releases recorded, its place kept) and one for a student no person ever asked for
        HallTicket third = new HallTicket("199A1A0503");
        HallTicket neverAsked = new HallTicket("199A1A0504");
        awaitReady();
        for (HallTicket student : List.of(STUDENT, OTHER, third)) {
            archive().recordLookup(student, "R18", new SeenReleases(Set.of("1605")), Map.of());
            Thread.sleep(5); // one millisecond apart at least: the time a person asked orders them
        }
        archive().recordLookupAhead(STUDENT, "R18", new SeenReleases(Set.of("1605", "1715", "1715R")), Map.of());
        archive().recordLookupAhead(neverAsked, "R18", new SeenReleases(Set.of("1715")), Map.of());
        awaitWritten(5);

        // when the students are scanned, all of them, only those that did not know 1715, and two at most
        List<LookedUpStudent> all =
                archive().lookedUp(10, student -> true, 10, soon()).orElseThrow();
        List<LookedUpStudent> behind = archive()
                .lookedUp(10, student -> !student.knewAll(Set.of("1715")), 10, soon())
                .orElseThrow();
        List<LookedUpStudent> firstTwo =
                archive().lookedUp(2, student -> true, 10, soon()).orElseThrow();
        List<LookedUpStudent> keptTwo =
                archive().lookedUp(10, student -> true, 2, soon()).orElseThrow();

        // then the order is the people's, newest first, the student never asked by a person last; the read-ahead
        // releases are STUDENT's now; "1715" is not taken for a part of "1715R"
        assertThat(all).extracting(LookedUpStudent::hallTicket).containsExactly(third, OTHER, STUDENT, neverAsked);
        assertThat(all.get(2).seenText()).isEqualTo("1605 1715 1715R");
        assertThat(behind).extracting(LookedUpStudent::hallTicket).containsExactly(third, OTHER);
        assertThat(new LookedUpStudent(OTHER, "R18", "1605 1715R").knewAll(Set.of("1715")))
                .isFalse();
        assertThat(firstTwo).extracting(LookedUpStudent::hallTicket).containsExactly(third, OTHER);
        assertThat(keptTwo).extracting(LookedUpStudent::hallTicket).containsExactly(third, OTHER);
    }

    @Test
    void a_person_s_ask_answered_from_a_store_moves_the_student_first_at_most_once_a_minute() throws Exception {
        // given two students looked up by people, OTHER last
        HallTicket neverLookedUp = new HallTicket("199A1A0505");
        awaitReady();
        archive().recordLookup(STUDENT, "R18", new SeenReleases(Set.of("1605")), Map.of());
        Thread.sleep(5); // one millisecond apart at least: the time a person asked orders them
        archive().recordLookup(OTHER, "R18", new SeenReleases(Set.of("1605")), Map.of());
        awaitWritten(2);
        Thread.sleep(5);

        // when STUDENT is asked for (the answer kept), then OTHER, then STUDENT again within the minute, and a student
        // without a recorded lookup
        archive().recordAsked(STUDENT);
        awaitWritten(3);
        List<LookedUpStudent> afterFirstAsk =
                archive().lookedUp(10, student -> true, 10, soon()).orElseThrow();
        Thread.sleep(5);
        archive().recordAsked(OTHER);
        awaitWritten(4);
        Thread.sleep(5);
        archive().recordAsked(STUDENT);
        archive().recordAsked(neverLookedUp);
        awaitWritten(5);

        // then the first ask moved STUDENT first, the second ask of STUDENT within the minute wrote nothing (OTHER
        // stays
        // first), and an ask makes no record of a student never looked up
        assertThat(afterFirstAsk).extracting(LookedUpStudent::hallTicket).containsExactly(STUDENT, OTHER);
        assertThat(archive().stats().writes()).isEqualTo(5);
        assertThat(archive().lookedUp(10, student -> true, 10, soon()).orElseThrow())
                .extracting(LookedUpStudent::hallTicket)
                .containsExactly(OTHER, STUDENT);
    }

    @Test
    void writing_a_page_twice_leaves_one_row_and_a_re_read_that_differs_replaces_it_and_is_counted() {
        awaitReady();
        archive().keep(key("1605", false), new ArchivedAnswer.Found(WITHHELD, READ));
        archive().keep(key("1605", false), new ArchivedAnswer.Found(WITHHELD, READ));
        awaitWritten(2);
        long changedBefore = archive().stats().changedPages();

        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ.plus(Duration.ofDays(1))));
        awaitWritten(3);

        assertThat(changedBefore).isZero(); // the same page again is no change
        assertThat(archive().stats().changedPages()).isEqualTo(1);
        assertThat(archive().student(STUDENT, "R18", soon()).pages())
                .containsExactly(java.util.Map.entry(
                        key("1605", false), new ArchivedAnswer.Found(PAGE, READ.plus(Duration.ofDays(1)))));
    }

    @Test
    void an_older_read_never_replaces_a_newer_one() {
        awaitReady();
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
        archive().keep(key("1605", false), new ArchivedAnswer.NoResult(READ.minusSeconds(3600)));
        awaitWritten(2);

        assertThat(archive().page(key("1605", false), soon())).hasValue(new ArchivedAnswer.Found(PAGE, READ));
        assertThat(archive().stats().changedPages()).isZero();
    }

    @Test
    void close_writes_everything_queued_and_a_reopened_archive_reads_it() {
        awaitReady();
        for (int i = 0; i < 300; i++) {
            archive()
                    .keep(
                            new PageKey(STUDENT, "btech", Integer.toString(1000 + i), false),
                            new ArchivedAnswer.NoResult(READ));
        }

        StudentRecord record = reopened().student(STUDENT, "R18", soon());

        assertThat(record.pages()).hasSize(300);
    }

    @Test
    void forget_deletes_every_row_of_the_hall_ticket_and_no_other() {
        awaitReady();
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
        archive().keep(new PageKey(OTHER, "btech", "1605", false), new ArchivedAnswer.NoResult(READ));
        archive().recordLookup(STUDENT, "R18", new SeenReleases(Set.of("1605")), Map.of());
        awaitWritten(3);

        int deleted = archive().forget(STUDENT, Duration.ofSeconds(5));

        assertThat(deleted).isEqualTo(2);
        assertThat(archive().student(STUDENT, "R18", soon())).isEqualTo(StudentRecord.empty());
        assertThat(archive().student(OTHER, "R18", soon()).pages()).hasSize(1);
    }

    /** The tables {@code forget} deletes from, in its order: the last one is {@code subscriptions}. */
    static final List<String> STUDENT_TABLES = List.of(
            "result_pages",
            "student_lookups",
            "deliveries",
            "student_events",
            "live_pages",
            "alert_checks",
            "subscriptions");

    @Test
    void forget_that_fails_at_its_last_table_leaves_every_row_of_the_student_in_place() {
        // given one row of the student in every table forget deletes from, and the last delete refused by a trigger
        awaitReady();
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
        archive().recordLookup(STUDENT, "R18", new SeenReleases(Set.of("1605")), Map.of());
        awaitWritten(2);
        archive()
                .run(
                        connection -> {
                            for (String insert : List.of(
                                    "INSERT INTO subscriptions (id, hall_ticket, kind, target, secret, status, client,"
                                            + " created_at, verify_attempts) VALUES ('sub_1', ?, 'webhook',"
                                            + " 'https://app.example/hook', 'whsec_x', 'active', 'client', 0, 0)",
                                    "INSERT INTO student_events (hall_ticket, page, data, created_at)"
                                            + " VALUES (?, 'btech/1605/regular', '{}', 0)",
                                    "INSERT INTO deliveries (id, subscription_id, hall_ticket, page, attempts, due_at,"
                                            + " claimed_until, created_at) VALUES ('msg_1', 'sub_1', ?, 'btech/1605/regular',"
                                            + " 0, 0, 0, 0)",
                                    "INSERT INTO live_pages (hall_ticket, instance, until_at) VALUES (?, 'instance-1', 0)",
                                    "INSERT INTO alert_checks (release_name, hall_ticket) VALUES ('btech/1605/regular', ?)")) {
                                try (PreparedStatement statement = connection.prepareStatement(insert)) {
                                    statement.setString(1, STUDENT.value());
                                    statement.executeUpdate();
                                }
                            }
                            return null;
                        },
                        soon());
        refuseDeletesFrom(STUDENT_TABLES.getLast());

        // when the student is forgotten
        Throwable failure = catchThrowable(() -> archive().forget(STUDENT, Duration.ofSeconds(5)));

        // then it fails, and every table still holds the student's row: the deletes before the refused one are undone
        assertThat(failure).isInstanceOf(IllegalStateException.class);
        for (String table : STUDENT_TABLES) {
            assertThat(rowsOfStudent(table)).as(table).isEqualTo(1);
        }
    }

    /** Makes the database refuse every delete from {@code table} with an error (a trigger). */
    abstract void refuseDeletesFrom(String table);

    private int rowsOfStudent(String table) {
        return archive()
                .run(
                        connection -> {
                            try (PreparedStatement count = connection.prepareStatement(
                                    "SELECT COUNT(*) FROM " + table + " WHERE hall_ticket = ?")) {
                                count.setString(1, STUDENT.value());
                                try (ResultSet row = count.executeQuery()) {
                                    row.next();
                                    return row.getInt(1);
                                }
                            }
                        },
                        soon());
    }

    @Test
    void health_names_the_kind_and_counts_the_kept_pages_in_the_background() {
        awaitReady();
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
        archive().keep(key("1606", false), new ArchivedAnswer.NoResult(READ));
        awaitWritten(2);
        Archive fresh = reopened();

        await().atMost(Duration.ofSeconds(10)).until(() -> fresh.health().rows().isPresent());

        assertThat(fresh.health().kind()).isEqualTo(database().kind());
        assertThat(fresh.health().reachable()).isTrue();
        assertThat(fresh.health().rows().getAsLong()).isEqualTo(2);
        assertThat(fresh.health().queued()).isZero();
    }

    @Test
    void a_transaction_past_the_bound_but_within_the_grace_is_answered_by_its_outcome() {
        awaitReady();

        // given a transaction that takes 1.5 s, three times the database's bound
        String value = archive()
                .run(
                        connection -> {
                            insertSetting(connection, "within-grace");
                            busyFor(TIMEOUT.multipliedBy(3));
                            return "stored";
                        },
                        soon(),
                        Duration.ofSeconds(3));

        // then the caller waited for it and was told what happened: it was stored
        assertThat(value).isEqualTo("stored");
        assertThat(settingCount("within-grace")).isEqualTo(1);
    }

    @Test
    void a_transaction_its_caller_stopped_waiting_for_is_rolled_back_not_committed_later() {
        awaitReady();

        // given a transaction that takes 1.5 s (not stopped by an interrupt, as a blocked driver call is not) and a
        // caller that waits the bound of 500 ms and 200 ms of grace
        long started = System.nanoTime();
        assertThatThrownBy(() -> archive()
                        .run(
                                connection -> {
                                    insertSetting(connection, "past-grace");
                                    busyFor(TIMEOUT.multipliedBy(3));
                                    return "stored";
                                },
                                soon(),
                                Duration.ofMillis(200)))
                .isInstanceOf(DatabaseUnavailable.class);
        Duration waited = Duration.ofNanos(System.nanoTime() - started);

        // then the caller was told it failed after about 700 ms, and once the transaction has ended nothing of it is
        // stored: a failure reported is a failure that happened
        assertThat(waited).isBetween(TIMEOUT, TIMEOUT.multipliedBy(3));
        await().pollDelay(TIMEOUT.multipliedBy(3))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(settingCount("past-grace")).isZero());
    }

    private static void insertSetting(java.sql.Connection connection, String name) throws java.sql.SQLException {
        try (java.sql.PreparedStatement insert =
                connection.prepareStatement("INSERT INTO service_settings (name, value) VALUES (?, 'x')")) {
            insert.setString(1, name);
            insert.executeUpdate();
        }
    }

    private int settingCount(String name) {
        return archive()
                .run(
                        connection -> {
                            try (java.sql.PreparedStatement count = connection.prepareStatement(
                                    "SELECT COUNT(*) FROM service_settings WHERE name = ?")) {
                                count.setString(1, name);
                                try (java.sql.ResultSet row = count.executeQuery()) {
                                    row.next();
                                    return row.getInt(1);
                                }
                            }
                        },
                        soon());
    }

    @Test
    void a_kept_page_gives_the_credits_its_passed_rows_show_and_a_failed_row_none() {
        awaitReady();
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
        awaitWritten(1);

        // PAGE: CS401PC passed with A and 3 credits; MA401BS absent (Ab), 0 credits.
        assertThat(archive().subjectCredits("btech", List.of("CS401PC", "MA401BS"), soon()))
                .isEqualTo(Map.of("CS401PC", "3"));
        assertThat(archive().subjectCredits("bpharmacy", List.of("CS401PC"), soon()))
                .isEmpty();
    }

    @Test
    void pages_kept_before_subject_credits_had_a_table_fill_it_when_the_archive_is_upgraded() throws Exception {
        // given a database of migration 6 (subject_credits made, empty) with pages an older build kept
        ArchiveDatabase database = database();
        database.prepare();
        ArchiveSchemas.migrateTo(database, "6");
        String twoSubjects = """
                {"examTitle":"B.Tech II Year II Semester (R18) Regular Examinations July 2023",\
                "details":{"hallTicket":"%s","name":"A STUDENT","fatherName":"A FATHER","collegeCode":"9A"},\
                "subjects":[\
                {"code":"CS401PC","name":"DATA STRUCTURES","internal":"20","external":"45","total":"65",\
                "grade":"%s","credits":"%s"},\
                {"code":"MA401BS","name":"MATHEMATICS","internal":"12","external":"10","total":"22",\
                "grade":"F","credits":"0"}]%s}""";
        try (Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
                PreparedStatement insert = connection.prepareStatement("INSERT INTO result_pages (hall_ticket,"
                        + " degree, exam_code, rcrv, outcome, page, withheld, format, read_at)"
                        + " VALUES (?, ?, '1662', ?, ?, ?, ?, ?, ?)")) {
            Object[][] rows = {
                // a format 1 page (no legend) read in 2023: CS401PC passed, 3 credits
                {STUDENT, "btech", false, "found", twoSubjects.formatted(STUDENT.value(), "B", "3", ""), 1, 1_000L},
                // its revaluation, read later, says 4: the newest read wins
                {
                    STUDENT,
                    "btech",
                    true,
                    "found",
                    twoSubjects.formatted(STUDENT.value(), "A", "4", ",\"legend\":{\"A\":9}"),
                    2,
                    5_000L
                },
                // a classmate's page read in between, with 3.5: older than the revaluation
                {OTHER, "btech", false, "found", twoSubjects.formatted(OTHER.value(), "C", "3.5", ""), 2, 3_000L},
                // another programme's page: its credits are its own
                {OTHER, "bpharmacy", false, "found", twoSubjects.formatted(OTHER.value(), "O", "2", ""), 2, 2_000L},
                // no result, a newer format, and an unreadable page: nothing
                {new HallTicket("189A1A0503"), "btech", false, "no_result", null, 2, 9_000L},
                {
                    new HallTicket("189A1A0504"),
                    "btech",
                    false,
                    "found",
                    twoSubjects.formatted("189A1A0504", "A", "9", ""),
                    ArchiveRows.FORMAT + 1,
                    9_000L
                },
                {new HallTicket("189A1A0505"), "btech", false, "found", "not json", 2, 9_000L}
            };
            for (Object[] row : rows) {
                insert.setString(1, ((HallTicket) row[0]).value());
                insert.setString(2, (String) row[1]);
                insert.setBoolean(3, (Boolean) row[2]);
                insert.setString(4, (String) row[3]);
                insert.setString(5, (String) row[4]);
                insert.setBoolean(6, false);
                insert.setInt(7, (Integer) row[5]);
                insert.setLong(8, (Long) row[6]);
                insert.executeUpdate();
            }
        }

        // when the archive opens it (migration 7)
        awaitReady();

        // then each subject has the credits of its newest passed read, per programme; a failed row gives none
        assertThat(archive().subjectCredits("btech", List.of("CS401PC", "MA401BS"), soon()))
                .isEqualTo(Map.of("CS401PC", "4"));
        assertThat(archive().subjectCredits("bpharmacy", List.of("CS401PC", "MA401BS"), soon()))
                .isEqualTo(Map.of("CS401PC", "2"));
        // and the pages are still read as they were kept
        assertThat(archive().page(key("1662", true), soon()))
                .hasValueSatisfying(answer -> assertThat(answer.readAt()).isEqualTo(Instant.ofEpochMilli(5_000)));
    }

    /** Keeps the thread for {@code time}, whatever interrupts it (as a driver call blocked on a socket would). */
    private static void busyFor(Duration time) {
        long until = System.nanoTime() + time.toNanos();
        for (long left = time.toNanos(); left > 0; left = until - System.nanoTime()) {
            try {
                Thread.sleep(Duration.ofNanos(left));
            } catch (InterruptedException e) {
                // not stopped: the caller's cancel must not be what keeps the transaction from committing
            }
        }
    }

    void awaitWritten(long rows) {
        await().atMost(Duration.ofSeconds(2)).until(() -> archive().stats().writes() >= rows);
    }
}
