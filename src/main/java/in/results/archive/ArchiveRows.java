package in.results.archive;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import in.results.core.HallTicket;
import in.results.grading.GradeScale;
import in.results.scrape.ResultPage;
import in.results.scrape.SubjectResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The archive's SQL, one named statement per fact, the same for SQLite and PostgreSQL (both take
 * {@code INSERT … ON CONFLICT … DO UPDATE}); rows to records and back. Each write is an upsert keyed by what identifies
 * the fact, so writing it twice, or from two instances at once, leaves one row. A row of a format this build does not
 * know, or whose page is not readable, is read as no row (and counted).
 */
final class ArchiveRows {
    /**
     * The format of the rows this build writes; rows of a higher format are a newer build's, read as a miss. 2: pages
     * carry their grade legend (format 1 pages, without one, read as pages without a legend).
     */
    static final int FORMAT = 2;

    private static final String FOUND = "found";
    private static final String NO_RESULT = "no_result";

    /**
     * Every kept page of a student and the releases their last lookup in a regulation knew (the one row whose degree
     * is null), in one statement: one snapshot on SQLite and PostgreSQL alike, so that a seen set is never read
     * without the pages written with it ({@link Archive#recordLookup}).
     */
    static final String STUDENT =
            "SELECT degree, exam_code, rcrv, outcome, page, format, read_at FROM result_pages WHERE hall_ticket = ?"
                    + " UNION ALL SELECT NULL, NULL, NULL, NULL, seen_releases, format, NULL FROM student_lookups"
                    + " WHERE hall_ticket = ? AND regulation = ?";

    static final String PAGE = "SELECT degree, exam_code, rcrv, outcome, page, format, read_at FROM result_pages"
            + " WHERE hall_ticket = ? AND degree = ? AND exam_code = ? AND rcrv = ?";
    /** The students a person looked up most recently first. */
    static final String LOOKED_UP = "SELECT hall_ticket, regulation, seen_releases, format FROM student_lookups"
            + " ORDER BY looked_at DESC LIMIT ?";
    /** A newer row is never replaced by an older read (two instances, or a queue drained late). */
    static final String UPSERT_PAGE =
            "INSERT INTO result_pages (hall_ticket, degree, exam_code, rcrv, outcome, page, withheld, format, read_at)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    + " ON CONFLICT (hall_ticket, degree, exam_code, rcrv) DO UPDATE SET outcome = excluded.outcome,"
                    + " page = excluded.page, withheld = excluded.withheld, format = excluded.format,"
                    + " read_at = excluded.read_at WHERE result_pages.read_at <= excluded.read_at";

    static final String UPSERT_SEEN =
            "INSERT INTO student_lookups (hall_ticket, regulation, seen_releases, format, looked_at) VALUES (?, ?, ?, ?, ?)"
                    + " ON CONFLICT (hall_ticket, regulation) DO UPDATE SET seen_releases = excluded.seen_releases,"
                    + " format = excluded.format, looked_at = excluded.looked_at"
                    + " WHERE student_lookups.looked_at <= excluded.looked_at";
    /**
     * The releases a lookup no person asked for (results day's read-ahead) knew: the time of the last lookup a person
     * asked for stays, so that reading a student ahead does not make them one of the most recent; a student never
     * looked up by a person has time 0.
     */
    static final String UPSERT_SEEN_AHEAD =
            "INSERT INTO student_lookups (hall_ticket, regulation, seen_releases, format, looked_at) VALUES (?, ?, ?, ?, 0)"
                    + " ON CONFLICT (hall_ticket, regulation) DO UPDATE SET seen_releases = excluded.seen_releases,"
                    + " format = excluded.format";

    /**
     * A person asked for a student whose answer was kept (no lookup completed): the time of their lookups moves on,
     * never back; a student without a recorded lookup is left without one.
     */
    static final String ASKED = "UPDATE student_lookups SET looked_at = ? WHERE hall_ticket = ? AND looked_at < ?";

    /** The credits a passed row of a subject shows; a newer read wins. */
    static final String UPSERT_CREDITS =
            "INSERT INTO subject_credits (degree, subject_code, credits, read_at) VALUES (?, ?, ?, ?)"
                    + " ON CONFLICT (degree, subject_code) DO UPDATE SET credits = excluded.credits,"
                    + " read_at = excluded.read_at WHERE subject_credits.read_at <= excluded.read_at";

    static final String CREDITS = "SELECT credits FROM subject_credits WHERE degree = ? AND subject_code = ?";
    /** Every found page of a format this build reads, with its programme and the time it was read. */
    static final String FOUND_PAGES =
            "SELECT degree, page, read_at FROM result_pages WHERE outcome = '" + FOUND + "' AND format <= ?";

    static final String COUNT_PAGES = "SELECT COUNT(*) FROM result_pages";
    static final String FORGET_PAGES = "DELETE FROM result_pages WHERE hall_ticket = ?";
    static final String FORGET_LOOKUPS = "DELETE FROM student_lookups WHERE hall_ticket = ?";

    private final ObjectMapper mapper = pageMapper();
    private final ArchiveStats stats;
    /**
     * The subject credits this writer committed, by degree and code: a class shares its subjects, so each is written
     * once per instance rather than with every page (only the writer thread uses it).
     */
    private final Cache<String, String> creditsWritten =
            Caffeine.newBuilder().maximumSize(50_000).build();

    ArchiveRows(ArchiveStats stats) {
        this.stats = stats;
    }

    /** A write waiting in the queue: one transaction's part, never split. */
    sealed interface Write {}

    /** The rows {@code writes} upsert. */
    static int rowsOf(List<Write> writes) {
        return writes.stream()
                .mapToInt(write -> switch (write) {
                    case PageWrite page -> 1;
                    case LookupWrite lookup -> lookup.pages().size() + 1;
                    case AskedWrite asked -> 1;
                })
                .sum();
    }

    record PageWrite(PageKey key, ArchivedAnswer answer) implements Write {}

    /** A person asked for {@code hallTicket} at {@code at}, answered from a store. */
    record AskedWrite(HallTicket hallTicket, Instant at) implements Write {}

    /**
     * A complete lookup: the pages it read and the releases it knew, written in one transaction, the pages first, so
     * that the seen set never gets ahead of the pages it covers (whoever queued those pages, on whichever instance).
     * {@code lookedAt}: when a person's lookup completed; empty for a lookup read ahead.
     */
    record LookupWrite(
            HallTicket hallTicket,
            String regulation,
            SeenReleases seen,
            Optional<Instant> lookedAt,
            Map<PageKey, ArchivedAnswer> pages)
            implements Write {
        LookupWrite {
            pages = Map.copyOf(pages);
        }
    }

    StudentRecord student(Connection connection, HallTicket hallTicket, String regulation) throws SQLException {
        Map<PageKey, ArchivedAnswer> pages = new HashMap<>();
        SeenReleases seen = SeenReleases.NONE;
        try (PreparedStatement select = connection.prepareStatement(STUDENT)) {
            select.setString(1, hallTicket.value());
            select.setString(2, hallTicket.value());
            select.setString(3, regulation);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    if (rows.getString(1) != null) {
                        PageKey key = new PageKey(hallTicket, rows.getString(1), rows.getString(2), rows.getBoolean(3));
                        answerOf(rows).ifPresent(answer -> pages.put(key, answer));
                    } else if (rows.getInt(6) <= FORMAT) {
                        seen = SeenReleases.parse(rows.getString(5));
                    } else {
                        stats.unreadable();
                    }
                }
            }
        }
        return new StudentRecord(pages, seen);
    }

    /**
     * Of the {@code most} students a person looked up most recently, the most recent first, those {@code wanted}
     * keeps, {@code keep} at most; a row of a newer format, or of a hall ticket this build cannot read, is left out
     * (not counted: every scan meets it again). Stops when the reader thread is interrupted (the caller gave up).
     */
    List<LookedUpStudent> lookedUp(Connection connection, int most, Predicate<LookedUpStudent> wanted, int keep)
            throws SQLException {
        List<LookedUpStudent> students = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(LOOKED_UP)) {
            select.setInt(1, most);
            try (ResultSet rows = select.executeQuery()) {
                while (students.size() < keep && !Thread.currentThread().isInterrupted() && rows.next()) {
                    if (rows.getInt(4) > FORMAT || !HallTicket.isValid(rows.getString(1))) {
                        continue;
                    }
                    LookedUpStudent student = new LookedUpStudent(
                            new HallTicket(rows.getString(1)), rows.getString(2), rows.getString(3));
                    if (wanted.test(student)) {
                        students.add(student);
                    }
                }
            }
        }
        return students;
    }

    Optional<ArchivedAnswer> page(Connection connection, PageKey key) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(PAGE)) {
            bindKey(select, key);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? answerOf(rows) : Optional.empty();
            }
        }
    }

    /**
     * Writes {@code batch} in one transaction; {@code changed} hears of every kept page that a newer read replaced
     * with a different answer.
     */
    void write(Connection connection, List<Write> batch, Consumer<PageKey> changed) throws SQLException {
        connection.setAutoCommit(false);
        Map<String, String> credits = new HashMap<>();
        try (PreparedStatement upsertPage = connection.prepareStatement(UPSERT_PAGE);
                PreparedStatement upsertCredits = connection.prepareStatement(UPSERT_CREDITS);
                PreparedStatement upsertSeen = connection.prepareStatement(UPSERT_SEEN);
                PreparedStatement upsertSeenAhead = connection.prepareStatement(UPSERT_SEEN_AHEAD);
                PreparedStatement asked = connection.prepareStatement(ASKED)) {
            for (Write write : batch) {
                switch (write) {
                    case PageWrite page -> {
                        writePage(connection, upsertPage, page, changed);
                        writeCredits(upsertCredits, page, credits);
                    }
                    case LookupWrite lookup -> {
                        for (Map.Entry<PageKey, ArchivedAnswer> entry :
                                lookup.pages().entrySet()) {
                            PageWrite page = new PageWrite(entry.getKey(), entry.getValue());
                            writePage(connection, upsertPage, page, changed);
                            writeCredits(upsertCredits, page, credits);
                        }
                        PreparedStatement upsert = lookup.lookedAt().isPresent() ? upsertSeen : upsertSeenAhead;
                        upsert.setString(1, lookup.hallTicket().value());
                        upsert.setString(2, lookup.regulation());
                        upsert.setString(3, lookup.seen().text());
                        upsert.setInt(4, FORMAT);
                        if (lookup.lookedAt().isPresent()) {
                            upsert.setLong(5, lookup.lookedAt().get().toEpochMilli());
                        }
                        upsert.executeUpdate();
                    }
                    case AskedWrite ask -> {
                        asked.setLong(1, ask.at().toEpochMilli());
                        asked.setString(2, ask.hallTicket().value());
                        asked.setLong(3, ask.at().toEpochMilli());
                        asked.executeUpdate();
                    }
                }
            }
            connection.commit();
            creditsWritten.putAll(credits);
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    private void writePage(
            Connection connection, PreparedStatement upsertPage, PageWrite page, Consumer<PageKey> changed)
            throws SQLException {
        if (differs(page(connection, page.key()), page.answer())) {
            changed.accept(page.key());
        }
        bindPage(upsertPage, page);
        upsertPage.executeUpdate();
    }

    /**
     * Upserts the credits of every passed row of a found page, unless this writer committed the same credits of the
     * subject already or this batch holds them; {@code batch} collects what is written, key to credits.
     */
    private void writeCredits(PreparedStatement upsert, PageWrite page, Map<String, String> batch) throws SQLException {
        if (!(page.answer() instanceof ArchivedAnswer.Found found)) {
            return;
        }
        for (Map.Entry<String, String> subject : creditsOf(found.page()).entrySet()) {
            String key = page.key().degree() + " " + subject.getKey();
            if (subject.getValue().equals(batch.get(key))
                    || subject.getValue().equals(creditsWritten.getIfPresent(key))) {
                continue;
            }
            bindCredits(upsert, page.key().degree(), subject.getKey(), subject.getValue(), found.readAt());
            upsert.executeUpdate();
            batch.put(key, subject.getValue());
        }
    }

    /** The credits of {@code page}'s passed rows, by subject code (a failed row shows 0, and says nothing). */
    private static Map<String, String> creditsOf(ResultPage page) {
        Map<String, String> credits = new HashMap<>();
        for (SubjectResult row : page.subjects()) {
            if (!GradeScale.isFail(row.grade())
                    && !row.credits().isEmpty()
                    && row.credits().length() <= 8
                    && row.code().length() <= 16) {
                credits.put(row.code(), row.credits());
            }
        }
        return credits;
    }

    private static void bindCredits(
            PreparedStatement upsert, String degree, String subjectCode, String credits, Instant readAt)
            throws SQLException {
        upsert.setString(1, degree);
        upsert.setString(2, subjectCode);
        upsert.setString(3, credits);
        upsert.setLong(4, readAt.toEpochMilli());
    }

    /**
     * Fills the subject credits from every found page kept (pages kept before the credits had their table), the
     * newest read of a subject winning (the later page on a tie), as the writer's upsert does; the subjects filled. Pages are read as a stream
     * (a fetch size, within the caller's transaction) and each subject is written once.
     */
    int creditsFromKeptPages(Connection connection) throws SQLException {
        record Credits(String degree, String subjectCode, String credits, Instant readAt) {}
        Map<String, Credits> newest = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement(FOUND_PAGES)) {
            select.setFetchSize(500);
            select.setInt(1, FORMAT);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    String degree = rows.getString(1);
                    Instant readAt = Instant.ofEpochMilli(rows.getLong(3));
                    pageOf(rows.getString(2))
                            .ifPresent(page -> creditsOf(page)
                                    .forEach((code, credits) -> newest.merge(
                                            degree + " " + code,
                                            new Credits(degree, code, credits, readAt),
                                            (kept, read) -> read.readAt().isBefore(kept.readAt()) ? kept : read)));
                }
            }
        }
        try (PreparedStatement upsert = connection.prepareStatement(UPSERT_CREDITS)) {
            for (Credits credits : newest.values()) {
                bindCredits(upsert, credits.degree(), credits.subjectCode(), credits.credits(), credits.readAt());
                upsert.addBatch();
            }
            upsert.executeBatch();
        }
        return newest.size();
    }

    /** The credits a passed row of {@code subjectCode} in {@code degree} shows; empty when no page kept one. */
    Optional<String> credits(Connection connection, String degree, String subjectCode) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(CREDITS)) {
            select.setString(1, degree);
            select.setString(2, subjectCode);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? Optional.of(rows.getString(1)) : Optional.empty();
            }
        }
    }

    long countPages(Connection connection) throws SQLException {
        try (PreparedStatement count = connection.prepareStatement(COUNT_PAGES);
                ResultSet rows = count.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** Every row of a student: archive pages and lookups, and result alerts' deliveries, events, pages, subscriptions. */
    private static final List<String> FORGET = List.of(
            FORGET_PAGES,
            FORGET_LOOKUPS,
            "DELETE FROM deliveries WHERE hall_ticket = ?",
            "DELETE FROM student_events WHERE hall_ticket = ?",
            "DELETE FROM live_pages WHERE hall_ticket = ?",
            "DELETE FROM alert_checks WHERE hall_ticket = ?",
            "DELETE FROM subscriptions WHERE hall_ticket = ?");

    /** Deletes every row of {@code hallTicket}, its result alerts' included; the number of rows deleted. */
    int forget(Connection connection, HallTicket hallTicket) throws SQLException {
        int deleted = 0;
        for (String statement : FORGET) {
            try (PreparedStatement delete = connection.prepareStatement(statement)) {
                delete.setString(1, hallTicket.value());
                deleted += delete.executeUpdate();
            }
        }
        return deleted;
    }

    /** A read earlier than the kept one changes nothing (the upsert keeps the newer row). */
    private static boolean differs(Optional<ArchivedAnswer> kept, ArchivedAnswer read) {
        if (kept.isEmpty() || read.readAt().isBefore(kept.get().readAt())) {
            return false;
        }
        return switch (read) {
            case ArchivedAnswer.Found found ->
                !(kept.get() instanceof ArchivedAnswer.Found before
                        && before.page().equals(found.page()));
            case ArchivedAnswer.NoResult none -> !(kept.get() instanceof ArchivedAnswer.NoResult);
        };
    }

    private Optional<ArchivedAnswer> answerOf(ResultSet row) throws SQLException {
        if (row.getInt(6) > FORMAT) {
            stats.unreadable();
            return Optional.empty();
        }
        Instant readAt = Instant.ofEpochMilli(row.getLong(7));
        return switch (row.getString(4)) {
            case NO_RESULT -> Optional.of(new ArchivedAnswer.NoResult(readAt));
            case FOUND -> pageOf(row.getString(5)).map(page -> new ArchivedAnswer.Found(page, readAt));
            default -> {
                stats.unreadable();
                yield Optional.empty();
            }
        };
    }

    private Optional<ResultPage> pageOf(String json) {
        try {
            return Optional.of(mapper.readValue(json, ResultPage.class));
        } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
            stats.unreadable();
            return Optional.empty();
        }
    }

    private void bindPage(PreparedStatement upsert, PageWrite write) throws SQLException {
        bindKey(upsert, write.key());
        switch (write.answer()) {
            case ArchivedAnswer.Found found -> {
                upsert.setString(5, FOUND);
                upsert.setString(6, json(found.page()));
                upsert.setBoolean(7, found.page().hasWithheldRow());
            }
            case ArchivedAnswer.NoResult none -> {
                upsert.setString(5, NO_RESULT);
                upsert.setString(6, null);
                upsert.setBoolean(7, false);
            }
        }
        upsert.setInt(8, FORMAT);
        upsert.setLong(9, write.answer().readAt().toEpochMilli());
    }

    private static void bindKey(PreparedStatement statement, PageKey key) throws SQLException {
        statement.setString(1, key.hallTicket().value());
        statement.setString(2, key.degree());
        statement.setString(3, key.examCode());
        statement.setBoolean(4, key.rcrv());
    }

    /** Pages kept before they carried a grade legend (format 1) have none: an absent legend reads as an empty one. */
    private static ObjectMapper pageMapper() {
        ObjectMapper mapper = new ObjectMapper();
        mapper.configOverride(Map.class).setSetterInfo(JsonSetter.Value.forValueNulls(Nulls.AS_EMPTY));
        return mapper;
    }

    private String json(ResultPage page) {
        try {
            return mapper.writeValueAsString(page);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a result page could not be written as JSON", e);
        }
    }
}
