package in.results.lookup;

import in.results.catalog.ExamRelease;
import in.results.scrape.ResultPage;
import java.util.Objects;

/** One page an all-semesters lookup read: the release (an RC/RV release for an RC/RV page) and the page. */
public record AttemptPage(ExamRelease release, ResultPage page) {
    public AttemptPage {
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(page, "page");
    }
}
