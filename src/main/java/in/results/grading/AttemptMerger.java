package in.results.grading;

import in.results.scrape.SubjectResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Merges the attempts of one semester into one row per subject, the best one ({@link #finalRows}). */
public final class AttemptMerger {
    private AttemptMerger() {}

    /**
     * The final row of every subject, given the semester's attempts in chronological order. A subject's effective
     * row in an attempt is its RC/RV row when the RC/RV page lists the subject, else the attempt's own row; the
     * final row is the effective row with the most points, ties going to the later attempt. Subjects keep the
     * order in which they first appeared.
     */
    public static List<SubjectResult> finalRows(List<Attempt> attemptsOldestFirst) {
        Map<String, SubjectResult> finals = new LinkedHashMap<>();
        for (Attempt attempt : attemptsOldestFirst) {
            Map<String, SubjectResult> revalued = new LinkedHashMap<>();
            attempt.rcrvRows().forEach(row -> revalued.put(row.code(), row));
            for (SubjectResult own : attempt.rows()) {
                SubjectResult effective = revalued.getOrDefault(own.code(), own);
                finals.merge(
                        own.code(),
                        effective,
                        (earlier, later) -> GradePoints.pointsOf(later.grade()) >= GradePoints.pointsOf(earlier.grade())
                                ? later
                                : earlier);
            }
        }
        return List.copyOf(finals.values());
    }
}
