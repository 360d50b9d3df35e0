package in.results.bench;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.bench.ClientCrowd.Sent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The answers of a results day, each judged by when it was sent against the service's announcement of the publication
 * ({@link AnnouncementWatch}): sent before the last poll that did not show the publication, an answer may be the day
 * before's or the new day's; sent after the announcement, it must be the new day's exactly ({@link DayTruth#gives});
 * sent in between, it is counted apart. An answer is a 200 or a 404 (no result); other statuses (a 503 past the
 * deadline, a 429) are not answers. The bodies are parsed here, once the crowds are done, not while they run: parsing
 * takes the CPU the service needs.
 */
final class AnnouncedAnswers {

    /** One reply as a crowd got it: only the body and {@code X-Cache} are kept. */
    record Reply(String crowd, Sent sent, String body, String cache) {}

    /** When an answer was sent, against the announcement. */
    enum Phase {
        BEFORE,
        AROUND,
        AFTER
    }

    /** A reply judged: when it was sent, whether it is an answer, and equal to which day's truth. */
    private record Judged(Reply reply, Phase phase, boolean answer, boolean old, boolean now) {
        boolean wrongAfter() {
            return phase == Phase.AFTER && answer && !now;
        }

        String hallTicket() {
            return reply.sent().hallTicket();
        }
    }

    private final List<Judged> judged;
    private final DayTruth after;

    private AnnouncedAnswers(List<Judged> judged, DayTruth after) {
        this.judged = judged;
        this.after = after;
    }

    /** A crowd's listener that keeps each reply's body and {@code X-Cache} in {@code into}, labelled {@code crowd}. */
    static ClientCrowd.Listener keeping(String crowd, Queue<Reply> into) {
        return (sent, reply) -> into.add(new Reply(
                crowd, sent, reply.body(), reply.headers().firstValue("X-Cache").orElse("-")));
    }

    /**
     * Judges {@code replies} (times from the publication): sent before {@code lastNegativeMs}, before the
     * announcement; from {@code announcedMs} on (when not -1), after it; around it otherwise. Each answer is compared
     * with the truth {@code before} and {@code after} the publication.
     */
    static AnnouncedAnswers judge(
            Collection<Reply> replies, DayTruth before, DayTruth after, long lastNegativeMs, long announcedMs)
            throws Exception {
        List<Judged> judged = new ArrayList<>();
        for (Reply reply : replies) {
            long sentMs = reply.sent().sentMs();
            Phase phase = sentMs < lastNegativeMs
                    ? Phase.BEFORE
                    : announcedMs >= 0 && sentMs >= announcedMs ? Phase.AFTER : Phase.AROUND;
            int status = reply.sent().status();
            JsonNode body = status == 200 ? ResultsDayReturn.JSON.readTree(reply.body()) : null;
            String ht = reply.sent().hallTicket();
            judged.add(new Judged(
                    reply,
                    phase,
                    status == 200 || status == 404,
                    before.gives(ht, status, body),
                    after.gives(ht, status, body)));
        }
        judged.sort(Comparator.comparingLong(j -> j.reply().sent().sentMs()));
        return new AnnouncedAnswers(List.copyOf(judged), after);
    }

    /** Answers sent after the announcement that are not the new day's. */
    long wrongAnswers() {
        return judged.stream().filter(Judged::wrongAfter).count();
    }

    /** Students with at least one wrong answer after the announcement. */
    Set<String> wrongStudents() {
        return judged.stream()
                .filter(Judged::wrongAfter)
                .map(Judged::hallTicket)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Students whose last answer sent after the announcement is wrong: a wrong answer that stays. */
    long lastWrong() {
        Map<String, Judged> last = new HashMap<>();
        judged.stream()
                .filter(j -> j.phase() == Phase.AFTER && j.answer())
                .forEach(j -> last.put(j.hallTicket(), j)); // in the order sent: the last one stays
        return last.values().stream().filter(Judged::wrongAfter).count();
    }

    /** Requests sent after the announcement. */
    long sentAfter() {
        return after().size();
    }

    /** Requests sent after the announcement answered within {@code deadline}. */
    long inDeadline(Duration deadline) {
        return after().stream()
                .filter(j -> j.answer() && j.reply().sent().tookMs() <= deadline.toMillis())
                .count();
    }

    /**
     * Prints what was sent after the announcement: wrong answers (count, students, students whose last answer is
     * wrong, their {@code X-Cache}, examples, what differs), answers within {@code deadline}, statuses.
     */
    void printAfter(Duration deadline) {
        List<Judged> wrong = judged.stream().filter(Judged::wrongAfter).toList();
        Set<String> students = wrongStudents();
        System.out.printf(
                "wrong answers after the announcement: %d answers, %d students, %d students whose last answer is"
                        + " wrong (target 0); X-Cache of the wrong %s; e.g. %s%n",
                wrong.size(),
                students.size(),
                lastWrong(),
                histogram(wrong, j -> j.reply().cache()),
                students.stream().limit(10).toList());
        if (!wrong.isEmpty()) {
            Judged first = wrong.getFirst();
            System.out.printf(
                    "  the first wrong: %s (%s crowd, sent %.1f s after the publication, status %d, X-Cache %s): %s%n",
                    first.hallTicket(),
                    first.reply().crowd(),
                    first.reply().sent().sentMs() / 1000.0,
                    first.reply().sent().status(),
                    first.reply().cache(),
                    difference(first, true));
            System.out.printf("  the wrong answers by what differs: %s%n", histogram(wrong, j -> difference(j, false)));
        }
        long sent = sentAfter();
        long inTime = inDeadline(deadline);
        System.out.printf(
                "answered in time after the announcement: %d of %d requests (%.1f %%, target >= 95 %%) answered 200"
                        + " (404 for a student without a result) within the %d s deadline; statuses %s%n",
                inTime,
                sent,
                sent == 0 ? 0.0 : 100.0 * inTime / sent,
                deadline.toSeconds(),
                histogram(after(), j -> j.reply().sent().status()));
    }

    /**
     * Prints, for the requests of {@code crowd}, per phase it sent in: requests, answers, and equal to which day's
     * truth.
     */
    void printCrowd(String crowd) {
        for (Phase phase : Phase.values()) {
            List<Judged> mine = judged.stream()
                    .filter(j -> j.reply().crowd().equals(crowd) && j.phase() == phase)
                    .toList();
            if (mine.isEmpty()) {
                continue;
            }
            List<Judged> answers = mine.stream().filter(Judged::answer).toList();
            System.out.printf(
                    "  %s crowd, sent %s the announcement: %d requests, %d answers: %d the new day's, %d the day"
                            + " before's, %d neither; statuses %s%n",
                    crowd,
                    phase.name().toLowerCase(Locale.ROOT),
                    mine.size(),
                    answers.size(),
                    answers.stream().filter(Judged::now).count(),
                    answers.stream().filter(j -> !j.now() && j.old()).count(),
                    answers.stream().filter(j -> !j.now() && !j.old()).count(),
                    histogram(mine, j -> j.reply().sent().status()));
        }
    }

    private List<Judged> after() {
        return judged.stream().filter(j -> j.phase() == Phase.AFTER).toList();
    }

    /**
     * What a wrong answer lacks or adds against the new day's truth, by semester ({@code missing 2-2}, {@code extra
     * 1-1}, {@code 2-2 differs}); {@code detailed}, with the subject codes that differ and the overall GPAs.
     */
    private String difference(Judged wrong, boolean detailed) {
        JsonNode expected = after.transcript(wrong.hallTicket());
        if (wrong.reply().sent().status() != 200) {
            return "answered " + wrong.reply().sent().status() + " where the truth has a transcript";
        }
        if (expected == null) {
            return "answered a transcript where the truth has no result";
        }
        JsonNode actual;
        try {
            actual = ResultsDayReturn.JSON.readTree(wrong.reply().body());
        } catch (Exception e) {
            return "unreadable body";
        }
        Map<String, JsonNode> want = semesters(expected);
        Map<String, JsonNode> got = semesters(actual);
        List<String> parts = new ArrayList<>();
        for (String semester : union(want.keySet(), got.keySet())) {
            if (!got.containsKey(semester)) {
                parts.add("missing " + semester);
            } else if (!want.containsKey(semester)) {
                parts.add("extra " + semester);
            } else if (!want.get(semester).equals(got.get(semester))) {
                parts.add(semester + " differs" + (detailed ? " " + subjectsThatDiffer(want, got, semester) : ""));
            }
        }
        if (!expected.path("data").path("details").equals(actual.path("data").path("details"))) {
            parts.add("details differ");
        }
        if (detailed) {
            parts.add("overall_gpa " + expected.path("data").path("overall_gpa").asText() + " expected, "
                    + actual.path("data").path("overall_gpa").asText() + " answered");
        }
        return parts.isEmpty() ? "only the overall GPA differs" : String.join(", ", parts);
    }

    /** The semesters of a transcript body, each with its subjects and SGPA ({@code {"2-2": {...}, "SGPA": ...}}). */
    private static Map<String, JsonNode> semesters(JsonNode body) {
        Map<String, JsonNode> semesters = new LinkedHashMap<>();
        for (JsonNode element : body.path("data").path("results")) {
            element.fieldNames().forEachRemaining(name -> {
                if (!name.equals("SGPA")) {
                    semesters.put(name, element);
                }
            });
        }
        return semesters;
    }

    /** {@code (subjects [A1, B2]; SGPA 7.1 expected, 6.9 answered)}. */
    private static String subjectsThatDiffer(Map<String, JsonNode> want, Map<String, JsonNode> got, String semester) {
        JsonNode wanted = want.get(semester).path(semester);
        JsonNode answered = got.get(semester).path(semester);
        Set<String> codes = new TreeSet<>();
        wanted.fieldNames().forEachRemaining(codes::add);
        answered.fieldNames().forEachRemaining(codes::add);
        codes.removeIf(code -> Objects.equals(wanted.get(code), answered.get(code)));
        return "(subjects " + codes + "; SGPA "
                + want.get(semester).path("SGPA").asText() + " expected, "
                + got.get(semester).path("SGPA").asText() + " answered)";
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    private static <K> Map<K, Long> histogram(List<Judged> judged, Function<Judged, K> key) {
        return new TreeMap<>(judged.stream().collect(Collectors.groupingBy(key, Collectors.counting())));
    }
}
