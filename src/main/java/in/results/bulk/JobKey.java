package in.results.bulk;

import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.redis.SharedCopies;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** What makes two bulk requests the same job: the range and the exam. */
record JobKey(HallTicketRange range, ExamQuery exam) {

    /** The job's id in Redis: {@code <first>:<last>:<degree>:<exam code>:<etype>:<type>:<result>}, each encoded. */
    String id() {
        return String.join(
                ":",
                SharedCopies.part(range.first().value()),
                SharedCopies.part(range.last().value()),
                SharedCopies.part(exam.degree()),
                SharedCopies.part(exam.examCode()),
                SharedCopies.part(exam.etype()),
                SharedCopies.part(exam.type()),
                SharedCopies.part(exam.result()));
    }

    /** The key an {@link #id()} was written from; empty for text that is not one (written by another version). */
    static Optional<JobKey> fromId(String id) {
        String[] parts = id.split(":", -1);
        if (parts.length != 7) {
            return Optional.empty();
        }
        try {
            String[] text = new String[7];
            for (int i = 0; i < 7; i++) {
                text[i] = URLDecoder.decode(parts[i], StandardCharsets.UTF_8);
            }
            return Optional.of(new JobKey(
                    new HallTicketRange(new HallTicket(text[0]), new HallTicket(text[1])),
                    new ExamQuery(text[2], text[3], text[4], text[5], text[6])));
        } catch (IllegalArgumentException notAKey) {
            return Optional.empty();
        }
    }
}
