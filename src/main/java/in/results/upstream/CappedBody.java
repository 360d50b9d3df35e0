package in.results.upstream;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read into memory up to a cap: a longer body (or a {@code Content-Length} over the cap) stops the
 * download and completes with {@link TooLarge}, so a broken or hostile host cannot fill the heap.
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {
    private final int cap;
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private Flow.Subscription subscription;

    private CappedBody(int cap) {
        this.cap = cap;
    }

    /** A handler that refuses at once a declared length over {@code cap} and caps every other body. */
    static HttpResponse.BodyHandler<byte[]> handler(int cap) {
        return info -> info.headers().firstValueAsLong("Content-Length").orElse(0) > cap
                ? HttpResponse.BodySubscribers.replacing(null)
                : new CappedBody(cap);
    }

    /** The body was longer than the cap. */
    static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge(int cap) {
            super("a page larger than " + cap + " bytes", null, false, false);
        }
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer buffer : buffers) {
            if (bytes.size() + buffer.remaining() > cap) {
                subscription.cancel();
                result.completeExceptionally(new TooLarge(cap));
                return;
            }
            byte[] chunk = new byte[buffer.remaining()];
            buffer.get(chunk);
            bytes.writeBytes(chunk);
        }
    }

    @Override
    public void onError(Throwable failure) {
        result.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        result.complete(bytes.toByteArray());
    }
}
