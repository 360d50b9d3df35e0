package in.results.alerts;

import java.net.URI;
import java.net.http.HttpRequest;

/** The JDK client's form of an {@link OutgoingPost}, for tests that send one with their own client. */
final class OutgoingPosts {
    private OutgoingPosts() {}

    static HttpRequest jdk(OutgoingPost post) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(post.url()))
                .POST(HttpRequest.BodyPublishers.ofByteArray(post.body()));
        post.headers().forEach(request::header);
        return request.build();
    }
}
