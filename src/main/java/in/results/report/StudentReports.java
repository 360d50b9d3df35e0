package in.results.report;

import in.results.catalog.Course;
import in.results.core.HallTicket;
import in.results.lookup.Transcript;
import in.results.releases.CatalogSource;

/**
 * Makes students' reports on the service's promotion table and the release list kept now (which of a batch's years
 * have ended), asking nothing of the university: one place for every answer that shows a report's figures.
 */
public final class StudentReports {
    private final PromotionRules rules;
    private final CatalogSource catalog;

    public StudentReports(PromotionRules rules, CatalogSource catalog) {
        this.rules = rules;
        this.catalog = catalog;
    }

    /** The report of {@code hallTicket}, a student of {@code course}, from its merged transcript. */
    public StudentReport of(Course course, HallTicket hallTicket, Transcript transcript) {
        return StudentReport.of(
                course, hallTicket, transcript, rules, catalog.recent().catalog());
    }
}
