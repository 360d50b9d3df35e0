package in.results.api;

import in.results.alerts.PublishedResult;
import in.results.grading.GradeCalculator;
import in.results.grading.Grading;
import in.results.scrape.ResultPage;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code data} of a {@code result.published} event, in the shapes the API's answers use: the release as
 * {@code /attempts} names it, the page's SGPA as {@code /api/calculate} gives it, the merged semester's as {@code /all}
 * shows it, and the page's rows in full form as {@code /api} shows them.
 */
public final class ResultEvents {
    private ResultEvents() {}

    /** @param publicUrl the service's address as clients reach it, no trailing slash */
    public static Map<String, Object> data(PublishedResult result, String publicUrl) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("hallticket", result.hallTicket().value());
        data.put("release", ResultJson.release(result.page().release()));
        ResultPage page = result.page().page();
        ResultJson.putSgpa(data, "sgpa", GradeCalculator.sgpaOf(page.subjects(), Grading.ofPage(page)));
        ResultJson.putSgpaText(data, "semester_sgpa", result.semesterSgpa());
        data.put("subjects", ResultJson.subjects(result.page().page().subjects(), ResultJson.Form.FULL));
        data.put("transcript_url", publicUrl + "/all/" + result.hallTicket().value());
        return data;
    }
}
