package in.results.bulk;

import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.redis.SharedCopies;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** What makes two bulk requests the same job: the range and the exam. */
record JobKey(HallTicketRange range, ExamQuery exam) {

    /**
     * The job's id in Redis: {@code <first>:<last>:<degree>:<exam code>:<etype>:<type>:<result>[:<grad>]}, each
     * encoded ({@link ExamQuery#keyParts}).
     */
    String id() {
        List<String> parts =
                new ArrayList<>(List.of(range.first().value(), range.last().value()));
        parts.addAll(exam.keyParts());
        return parts.stream().map(SharedCopies::part).collect(Collectors.joining(":"));
    }

    /** The key an {@link #id()} was written from; empty for text that is not one (written by another version). */
    static Optional<JobKey> fromId(String id) {
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
            return Optional.of(new JobKey(
                    new HallTicketRange(new HallTicket(text[0]), new HallTicket(text[1])),
                    new ExamQuery(text[2], text[3], text[4], text[5], text[6], grad)));
        } catch (IllegalArgumentException notAKey) {
            return Optional.empty();
        }
    }
}
