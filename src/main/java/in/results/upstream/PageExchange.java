package in.results.upstream;

import in.results.core.Reply;
import in.results.scrape.PageText;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One GET to one host, and what its answer means as a {@link Reply}: a page read by the caller's reader (a result,
 * the search form, or an unreadable page), or {@link Reply.Unavailable} for a connection error, a timeout or a
 * status other than 200. Every reason names the host. Thread-safe (one shared {@link HttpClient}); blocks for at
 * most the timeout it is given.
 */
final class PageExchange {
    /** Real pages are 10-100 KB (the full release list a few hundred); far bigger is not the result application. */
    static final int MAX_PAGE_BYTES = 2 * 1024 * 1024;

    private final HttpClient http;
    private final LongAdder sent = new LongAdder();

    /** @param connectTimeout the longest a connection may take to open (a request's own timeout may be shorter) */
    PageExchange(Duration connectTimeout) {
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .build();
    }

    /** {@code path?form}, the form URL-encoded in its own order. */
    static String target(String path, Map<String, String> form) {
        return path + "?"
                + form.entrySet().stream()
                        .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                        .collect(Collectors.joining("&"));
    }

    /**
     * Asks {@code base + target} once and reads a 200 page with {@code reader}. The whole exchange — headers and
     * body — ends within {@code timeout}: a host that sends its headers and then trickles the body would otherwise
     * hold its request slot forever. Never throws for upstream trouble.
     *
     * @throws InterruptedException when interrupted while waiting for the answer (the request was sent)
     */
    <T> Reply<T> fetch(URI base, String target, Duration timeout, Function<String, Reply<T>> reader)
            throws InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + target))
                .timeout(timeout)
                .GET()
                .build();
        sent.increment();
        CompletableFuture<HttpResponse<byte[]>> exchange = http.sendAsync(request, CappedBody.handler(MAX_PAGE_BYTES));
        HttpResponse<byte[]> response;
        try {
            response = exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            return new Reply.Unavailable<>(base + " timed out");
        } catch (ExecutionException e) {
            return switch (e.getCause()) {
                case CappedBody.TooLarge tooLarge -> new Reply.Unreadable<>(base + " sent " + tooLarge.getMessage());
                // the client's own request timeout can fire just before ours: the same event
                case HttpTimeoutException timedOut -> new Reply.Unavailable<>(base + " timed out");
                case Throwable other ->
                    new Reply.Unavailable<>(
                            base + " failed: " + other.getClass().getSimpleName());
            };
        }
        if (response.statusCode() != 200) {
            return new Reply.Unavailable<>(base + " answered HTTP " + response.statusCode());
        }
        if (response.body() == null) { // a declared Content-Length over the cap: not downloaded
            return new Reply.Unreadable<>(base + " sent a page larger than " + MAX_PAGE_BYTES + " bytes");
        }
        String body = PageText.decode(
                response.body(), response.headers().firstValue("Content-Type").orElse(null));
        return switch (reader.apply(body)) {
            case Reply.Answered<T> answered -> answered;
            case Reply.NoResult<T> none -> none;
            case Reply.Unreadable<T> unreadable ->
                new Reply.Unreadable<>(base + " sent a page that could not be read: " + unreadable.reason());
            case Reply.Unavailable<T> down -> new Reply.Unavailable<>(base + " " + down.reason());
        };
    }

    /** Requests sent since this exchange was built. */
    long requestsSent() {
        return sent.sum();
    }
}
