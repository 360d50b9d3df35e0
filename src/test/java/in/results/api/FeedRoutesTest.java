package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

/** The feed's parameters and the address it reads from the request's {@code Host} header. */
class FeedRoutesTest {

    @Test
    void the_host_header_gives_the_tag_host_and_the_self_link_base() {
        assertThat(FeedRoutes.FeedAddress.of("https", "Results.Example.org"))
                .isEqualTo(new FeedRoutes.FeedAddress("results.example.org", "https://results.example.org"));
        assertThat(FeedRoutes.FeedAddress.of("http", "127.0.0.1:8080"))
                .isEqualTo(new FeedRoutes.FeedAddress("127.0.0.1", "http://127.0.0.1:8080"));
    }

    @Test
    void a_host_header_that_is_no_host_name_gives_localhost_and_a_relative_self_link() {
        FeedRoutes.FeedAddress fallback = new FeedRoutes.FeedAddress("localhost", "");

        assertThat(FeedRoutes.FeedAddress.of("http", null)).isEqualTo(fallback);
        assertThat(FeedRoutes.FeedAddress.of("http", "[::1]:8080")).isEqualTo(fallback);
        assertThat(FeedRoutes.FeedAddress.of("http", "-bad-.example")).isEqualTo(fallback);
        assertThat(FeedRoutes.FeedAddress.of("http", "a.example/evil")).isEqualTo(fallback);
        assertThat(FeedRoutes.FeedAddress.of("http", "a..example")).isEqualTo(fallback);
    }

    @Test
    void bad_filters_are_invalid_parameters_naming_the_parameter() {
        ApiException degree = catchThrowableOfType(ApiException.class, () -> FeedRoutes.degree("bsc"));
        ApiException regulation = catchThrowableOfType(ApiException.class, () -> FeedRoutes.regulation("22"));

        assertThat(degree.status()).isEqualTo(400);
        assertThat(degree.code()).isEqualTo("INVALID_PARAMETER");
        assertThat(degree.getMessage()).contains("'degree'");
        assertThat(regulation.code()).isEqualTo("INVALID_PARAMETER");
        assertThat(regulation.getMessage()).contains("'regulation'");
        assertThat(FeedRoutes.degree("")).isEmpty();
        assertThat(FeedRoutes.regulation("R22")).isEqualTo("R22");
    }
}
