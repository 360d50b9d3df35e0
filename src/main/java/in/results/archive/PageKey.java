package in.results.archive;

import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import java.util.Objects;

/**
 * What identifies one published page: a hall ticket in an exam of a programme, the exam's own page or its RC/RV page.
 * The university answers every query of the same exam code and RC/RV-ness with the same page, whatever its other
 * parameters, so they are not part of the key.
 *
 * @param degree the programme as the query names it ({@code btech}), lower case
 */
public record PageKey(HallTicket hallTicket, String degree, String examCode, boolean rcrv) {
    public PageKey {
        Objects.requireNonNull(hallTicket, "hallTicket");
        Objects.requireNonNull(degree, "degree");
        Objects.requireNonNull(examCode, "examCode");
    }

    /** The key of what {@code query} asks for {@code hallTicket}. */
    public static PageKey of(HallTicket hallTicket, ExamQuery query) {
        return new PageKey(hallTicket, query.degree(), query.examCode(), query.isRcrv());
    }
}
