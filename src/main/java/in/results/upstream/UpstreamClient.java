package in.results.upstream;

import in.results.scrape.PageReading;
import in.results.scrape.PageText;
import in.results.scrape.ResultPageParser;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one class that talks to the university. Hosts are tried in order (primary, then mirror) on connection
 * errors, timeouts, 5xx answers and pages that are neither a result nor the search form. At most
 * {@code concurrencyPerHost} requests are in flight to one host; further callers wait for a slot, at most one
 * request timeout. Connections are reused (one {@link HttpClient}). Thread-safe; blocking calls are meant for
 * virtual threads.
 */
public final class UpstreamClient {
    private static final Logger LOG = LoggerFactory.getLogger(UpstreamClient.class);
    private static final String RESULT_PATH = "/resultAction";

    private final List<Host> hosts;
    private final Duration timeout;
    private final HttpClient http;

    public UpstreamClient(List<URI> baseUrls, int concurrencyPerHost, Duration timeout) {
        this.hosts = baseUrls.stream().map(url -> new Host(url, new Semaphore(concurrencyPerHost, true))).toList();
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .build();
    }

    /** One hall ticket's result in one exam. Never throws for upstream trouble: it is returned as data. */
    public ResultFetch fetchResult(HallTicket hallTicket, ExamQuery exam) {
        String query = encode(exam.formFor(hallTicket));
        String lastProblem = "no upstream host configured";
        boolean badPage = false;
        for (Host host : hosts) {
            Answer answer = get(host, RESULT_PATH + "?" + query);
            if (answer.problem() != null) {
                lastProblem = answer.problem();
                continue;
            }
            switch (ResultPageParser.read(answer.body())) {
                case PageReading.Result result -> {
                    return new ResultFetch.Found(result.page());
                }
                case PageReading.NoResult none -> {
                    return new ResultFetch.NoResult();
                }
                case PageReading.Unreadable unreadable ->
                        lastProblem = host.base() + " sent a page that could not be read: " + unreadable.why();
            }
            badPage = true;
            LOG.warn("upstream {} for {} exam {}: {}", host.base(), hallTicket, exam.examCode(), lastProblem);
        }
        return badPage ? new ResultFetch.BadResponse(lastProblem) : new ResultFetch.Unavailable(lastProblem);
    }

    /** A plain page of the application, e.g. {@code /jsp/home.jsp}, from the first host that answers 200. */
    public PageFetch fetchPage(String path) {
        String lastProblem = "no upstream host configured";
        for (Host host : hosts) {
            Answer answer = get(host, path);
            if (answer.problem() == null) {
                return new PageFetch.Fetched(answer.body());
            }
            lastProblem = answer.problem();
        }
        return new PageFetch.Unavailable(lastProblem);
    }

    private Answer get(Host host, String pathAndQuery) {
        URI uri = URI.create(host.base() + pathAndQuery);
        try {
            if (!host.permits().tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return Answer.failed(host.base() + " is saturated (no request slot within the timeout)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.failed("interrupted while waiting for " + host.base());
        }
        try {
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            String body = PageText.decode(response.body(), response.headers().firstValue("Content-Type").orElse(null));
            if (response.statusCode() != 200) {
                return Answer.failed(host.base() + " answered HTTP " + response.statusCode());
            }
            return new Answer(body, null);
        } catch (IOException e) {
            return Answer.failed(host.base() + " failed: " + e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.failed("interrupted while asking " + host.base());
        } finally {
            host.permits().release();
        }
    }

    private static String encode(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private record Host(URI base, Semaphore permits) {}

    private record Answer(String body, String problem) {
        static Answer failed(String problem) {
            return new Answer(null, problem);
        }
    }
}
