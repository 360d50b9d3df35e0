package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The website's page names only files the jar holds (Chart.js at the pom's version too), and nothing elsewhere. */
class WebsiteAssetsTest {
    private static final Pattern PAGE_REFERENCE = Pattern.compile("(?:src|href)=\"(/(?:assets|webjars)/[^\"]+)\"");
    private static final Pattern MODULE_IMPORT = Pattern.compile("from '\\./([^']+)'");
    private static final List<String> SCRIPTS = List.of(
            "app.js",
            "api.js",
            "ui.js",
            "charts.js",
            "student.js",
            "whatif.js",
            "classpage.js",
            "classrecord.js",
            "releases.js",
            "compare.js");

    private static String resource(String path) {
        try (InputStream in = WebsiteAssetsTest.class.getResourceAsStream(path)) {
            assertThat(in).as(path + " on the classpath").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the service serves a path from: /assets/ from web/assets, /webjars/ from the WebJars. */
    private static String classpathOf(String served) {
        return served.startsWith("/assets/") ? "/web" + served : "/META-INF/resources" + served;
    }

    @Test
    void every_file_the_page_and_its_scripts_name_is_in_the_jar() {
        String page = resource("/web/index.html");
        List<String> named = new ArrayList<>();
        Matcher reference = PAGE_REFERENCE.matcher(page);
        while (reference.find()) {
            named.add(reference.group(1));
        }
        for (String script : SCRIPTS) {
            Matcher imported = MODULE_IMPORT.matcher(resource("/web/assets/" + script));
            while (imported.find()) {
                named.add("/assets/" + imported.group(1));
            }
        }

        assertThat(named)
                .contains("/assets/app.js", "/assets/site.css")
                .anySatisfy(path -> assertThat(path).startsWith("/webjars/chart.js/"));
        named.forEach(path -> assertThat(WebsiteAssetsTest.class.getResource(classpathOf(path)))
                .as(path)
                .isNotNull());
        SCRIPTS.forEach(script -> assertThat(named).contains("/assets/" + script));
    }

    @Test
    void nothing_is_loaded_from_other_hosts_and_no_script_is_inline() {
        String page = resource("/web/index.html");

        assertThat(page).doesNotContainPattern("(?i)(src|href)=\"(https?:)?//");
        assertThat(page).doesNotContainPattern("(?i)<script(?![^>]*\\bsrc=)[^>]*>");
        assertThat(page).doesNotContainIgnoringCase("style=");
        for (String script : SCRIPTS) {
            assertThat(resource("/web/assets/" + script))
                    .as(script)
                    .doesNotContainPattern("https?://")
                    .doesNotContain("innerHTML", "eval(");
        }
        assertThat(resource("/web/assets/site.css")).doesNotContainPattern("url\\(|@import");
    }
}
