package in.results.bench;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.e2e.ExpectedTranscript;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What {@code /all/<hallticket>} answers some students on one day by the simulator's ground truth: the transcript of
 * {@link ExpectedTranscript#of(Cohort, Student)} (the e2e tests' body of {@code /all} for every regulation), or, for a
 * student without a page in any semester of their programme that day, the 404 {@code RESULT_NOT_FOUND}.
 *
 * @param transcripts the expected body per hall ticket; a student without one has no result
 */
record DayTruth(Map<String, JsonNode> transcripts) {

    /** The truth of {@code cohort}'s day for {@code hallTickets}, all of them students of {@code cohort}. */
    static DayTruth of(Cohort cohort, Collection<String> hallTickets) {
        Set<String> wanted = Set.copyOf(hallTickets);
        Map<String, Student> students = cohort.students().stream()
                .filter(student -> wanted.contains(student.hallTicket()))
                .collect(Collectors.toMap(Student::hallTicket, Function.identity()));
        if (students.size() != wanted.size()) {
            throw new IllegalArgumentException("not every hall ticket is a student of the cohort");
        }
        Map<String, JsonNode> transcripts = new HashMap<>();
        students.forEach((ht, student) -> {
            if (!cohort.attempts(student).isEmpty()) {
                transcripts.put(ht, ExpectedTranscript.of(cohort, student));
            }
        });
        return new DayTruth(Map.copyOf(transcripts));
    }

    /**
     * Whether an answer of {@code status} and {@code body} (the parsed body of a 200, else null) is this day's for
     * {@code hallTicket}: a 200 with an equal body, or a 404 for a student without a result.
     */
    boolean gives(String hallTicket, int status, JsonNode body) {
        JsonNode transcript = transcripts.get(hallTicket);
        return transcript == null ? status == 404 : status == 200 && transcript.equals(body);
    }

    /** Whether {@code hallTicket}'s answer is the same on this day and on {@code other}'s. */
    boolean sameAs(DayTruth other, String hallTicket) {
        return Objects.equals(transcripts.get(hallTicket), other.transcripts.get(hallTicket));
    }

    /** The expected transcript of {@code hallTicket}, null for a student without a result. */
    JsonNode transcript(String hallTicket) {
        return transcripts.get(hallTicket);
    }
}
