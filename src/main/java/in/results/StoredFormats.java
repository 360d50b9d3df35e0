package in.results;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import in.results.catalog.ReleaseDate;
import in.results.catalog.Semester;
import in.results.catalog.Term;
import in.results.grading.Sgpa;
import in.results.lookup.ExamAnswer;
import in.results.lookup.ExamLookup;
import in.results.lookup.TranscriptAnswer;
import in.results.redis.CopyCodec;
import in.results.redis.SharedCopies;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * How the answers are written into Redis: Jackson reads and writes the records as they are; the sealed outcomes
 * get a {@code "kind"} property through mix-ins, so that the answer types themselves stay free of JSON concerns.
 * Keys: an exam answer is {@code <hall ticket>:<degree>:<exam code>:<etype>:<type>:<result>} (each part
 * URL-encoded), a transcript {@code <regulation>:<hall ticket>}, a list page its path.
 */
final class StoredFormats {
    private StoredFormats() {}

    static ObjectMapper mapper() {
        ObjectMapper mapper = new ObjectMapper()
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS) // NoResult() and Fail() have no fields
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .addMixIn(ExamAnswer.class, ExamAnswerKinds.class)
                .addMixIn(TranscriptAnswer.class, TranscriptAnswerKinds.class)
                .addMixIn(Sgpa.class, SgpaKinds.class)
                .addMixIn(Term.class, TermKinds.class)
                .addMixIn(ReleaseDate.class, ReleaseDateKinds.class)
                .registerModule(new JavaTimeModule());
        // Result pages stored before they carried a grade legend have none: an absent legend reads as an empty one.
        mapper.configOverride(Map.class).setSetterInfo(JsonSetter.Value.forValueNulls(Nulls.AS_EMPTY));
        return mapper;
    }

    static CopyCodec<ExamAnswer> examAnswers(ObjectMapper mapper) {
        return new CopyCodec<>(mapper, mapper.constructType(ExamAnswer.class), UnaryOperator.identity());
    }

    static CopyCodec<TranscriptAnswer> transcripts(ObjectMapper mapper) {
        return new CopyCodec<>(mapper, mapper.constructType(TranscriptAnswer.class), UnaryOperator.identity());
    }

    /**
     * A finished bulk job's result: an exam job's pages and missing count ({@code {"pages":[…],"missing":n}}, as
     * always), a class job's record.
     */
    static <R> CopyCodec<R> jobResults(ObjectMapper mapper, Class<R> type) {
        return new CopyCodec<>(mapper, mapper.constructType(type), UnaryOperator.identity());
    }

    /** A list page's entries, read back unmodifiable like the loader's. */
    static <T> CopyCodec<List<T>> listOf(ObjectMapper mapper, Class<T> element) {
        return new CopyCodec<>(
                mapper, mapper.getTypeFactory().constructCollectionType(List.class, element), List::copyOf);
    }

    static String examKeyText(ExamLookup.ExamKey key) {
        List<String> parts = new ArrayList<>();
        parts.add(key.hallTicket().value());
        parts.addAll(key.exam().keyParts());
        return parts.stream().map(SharedCopies::part).collect(Collectors.joining(":"));
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = ExamAnswer.Found.class, name = "found"),
        @JsonSubTypes.Type(value = ExamAnswer.NoResult.class, name = "no_result")
    })
    private interface ExamAnswerKinds {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = TranscriptAnswer.Found.class, name = "found"),
        @JsonSubTypes.Type(value = TranscriptAnswer.NoResult.class, name = "no_result")
    })
    private interface TranscriptAnswerKinds {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = Sgpa.Awarded.class, name = "awarded"),
        @JsonSubTypes.Type(value = Sgpa.Fail.class, name = "fail"),
        @JsonSubTypes.Type(value = Sgpa.NotComputed.class, name = "not_computed")
    })
    private interface SgpaKinds {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = Semester.class, name = "semester"),
        @JsonSubTypes.Type(value = Term.WholeYear.class, name = "year"),
        @JsonSubTypes.Type(value = Term.Unstated.class, name = "unstated")
    })
    private interface TermKinds {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = ReleaseDate.Known.class, name = "known"),
        @JsonSubTypes.Type(value = ReleaseDate.Unknown.class, name = "unknown")
    })
    private interface ReleaseDateKinds {}
}
