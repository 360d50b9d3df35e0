package in.results.bulk;

import in.results.core.Deadline;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.lookup.ExamAnswer;
import in.results.lookup.ExamLookup;
import in.results.redis.SharedCopies;
import in.results.scrape.ResultPage;
import in.results.upstream.Priority;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Today's bulk jobs: every hall ticket of a range in one exam, through {@link ExamLookup} (so cached answers are
 * reused). The result is each result page, in roll order.
 */
final class ExamJobKind implements JobKind<ExamQuery, ResultPage, ExamResults> {
    private final ExamLookup lookup;

    ExamJobKind(ExamLookup lookup) {
        this.lookup = lookup;
    }

    /**
     * {@code <first>:<last>:<degree>:<exam code>:<etype>:<type>:<result>[:<grad>]}, each encoded
     * ({@link ExamQuery#keyParts}): the ids fleets have always used, so that instances of either version share jobs.
     */
    @Override
    public String idOf(HallTicketRange range, ExamQuery exam) {
        List<String> parts =
                new ArrayList<>(List.of(range.first().value(), range.last().value()));
        parts.addAll(exam.keyParts());
        return parts.stream().map(SharedCopies::part).collect(Collectors.joining(":"));
    }

    @Override
    public Optional<JobKey<ExamQuery>> keyOf(String id) {
        String[] parts = id.split(":", -1);
        if (parts.length != 7 && parts.length != 8) {
            return Optional.empty();
        }
        try {
            String[] text = new String[8];
            for (int i = 0; i < parts.length; i++) {
                text[i] = URLDecoder.decode(parts[i], StandardCharsets.UTF_8);
            }
            String grad = parts.length == 8 ? text[7] : "";
            return Optional.of(new JobKey<>(
                    new HallTicketRange(new HallTicket(text[0]), new HallTicket(text[1])),
                    new ExamQuery(text[2], text[3], text[4], text[5], text[6], grad)));
        } catch (IllegalArgumentException notAKey) {
            return Optional.empty();
        }
    }

    @Override
    public Answer<ResultPage> ask(ExamQuery exam, HallTicket hallTicket, Deadline deadline) {
        return switch (lookup.lookup(hallTicket, exam, Priority.BULK, deadline).value()) {
            case ExamAnswer.Found found -> new Answer.Found<>(found.page());
            case ExamAnswer.NoResult none -> new Answer.NoResult<>();
        };
    }

    @Override
    public ExamResults resultOf(ExamQuery exam, Tally<ResultPage> tally) {
        return new ExamResults(tally.found(), tally.missing().size());
    }

    @Override
    public Class<ExamResults> resultType() {
        return ExamResults.class;
    }

    @Override
    public String describe(ExamQuery exam) {
        return "exam " + exam.examCode();
    }
}
