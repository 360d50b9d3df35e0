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
     * final row is the effective row with the most points on {@code grading}'s scale, ties going to the later attempt.
     * Without a scale only pass and fail are known: a pass beats a fail, and otherwise the later attempt wins. Subjects
     * keep the order in which they first appeared.
     */
    public static List<SubjectResult> finalRows(List<Attempt> attemptsOldestFirst, Grading grading) {
        Map<String, SubjectResult> finals = new LinkedHashMap<>();
        for (Attempt attempt : attemptsOldestFirst) {
            Map<String, SubjectResult> revalued = new LinkedHashMap<>();
            attempt.rcrvRows().forEach(row -> revalued.put(row.code(), row));
            for (SubjectResult own : attempt.rows()) {
                SubjectResult effective = revalued.getOrDefault(own.code(), own);
                finals.merge(
                        own.code(),
                        effective,
                        (earlier, later) ->
                                rankOf(later.grade(), grading) >= rankOf(earlier.grade(), grading) ? later : earlier);
            }
        }
        return List.copyOf(finals.values());
    }

    private static int rankOf(String grade, Grading grading) {
        return switch (grading) {
            case Grading.Scaled scaled -> scaled.scale().pointsOf(grade);
            case Grading.Unscaled unscaled -> GradeScale.isFail(grade) ? 0 : 1;
        };
    }
}
