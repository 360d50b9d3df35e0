package in.results.report;

import in.results.lookup.Transcript;
import java.util.Objects;

/** A student of a class with a result: the report (figures and promotion standing) and the merged transcript. */
public record ClassMember(StudentReport report, Transcript transcript) {
    public ClassMember {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(transcript, "transcript");
    }
}
