package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TargetAddressTest {
    private static final String FIELD = "webhook_url";

    /** For URLs that must be decided without DNS: a lookup fails the test. */
    private static final HostResolver NO_LOOKUP = host -> {
        throw new AssertionError("looked up " + host);
    };

    @ParameterizedTest(name = "{0}: public only {1}, private allowed {2}")
    @CsvSource({
        // IPv4: public, and the edges of each internal range
        "http://8.8.8.8/, true, true",
        "http://223.255.255.255/, true, true",
        "http://127.0.0.1/, false, true",
        "http://127.255.255.254/, false, true",
        "http://10.0.0.1/, false, true",
        "http://10.255.255.255/, false, true",
        "http://11.0.0.1/, true, true",
        "http://172.16.0.1/, false, true",
        "http://172.31.255.255/, false, true",
        "http://172.15.255.255/, true, true",
        "http://172.32.0.1/, true, true",
        "http://192.168.1.1/, false, true",
        "http://192.169.0.1/, true, true",
        "http://169.254.169.254/, false, true",
        "http://169.253.0.1/, true, true",
        "http://100.64.0.1/, false, true",
        "http://100.127.255.255/, false, true",
        "http://100.63.255.255/, true, true",
        "http://100.128.0.1/, true, true",
        // never, whatever the setting
        "http://0.0.0.0/, false, false",
        "http://0.1.2.3/, false, false",
        "http://224.0.0.1/, false, false",
        "http://239.255.255.255/, false, false",
        "http://255.255.255.255/, false, false",
        "http://240.0.0.1/, false, false",
        // IPv6
        "http://[2001:4860:4860::8888]/, true, true",
        "http://[::1]/, false, true",
        "http://[fe80::1]/, false, true",
        "http://[febf:ffff::1]/, false, true",
        "http://[fc00::1]/, false, true",
        "http://[fd12:3456::1]/, false, true",
        "http://[fec0::1]/, false, true",
        "http://[::]/, false, false",
        "http://[ff02::1]/, false, false",
        "http://[ff0e::1]/, false, false",
        // IPv4-mapped, -compatible and -translated forms are what they carry
        "http://[::ffff:127.0.0.1]/, false, true",
        "http://[::ffff:7f00:1]/, false, true",
        "http://[::ffff:a9fe:a9fe]/, false, true",
        "http://[::ffff:8.8.8.8]/, true, true",
        "http://[::ffff:0.0.0.0]/, false, false",
        "http://[::ffff:224.0.0.1]/, false, false",
        "http://[::127.0.0.1]/, false, true",
        "http://[::10.0.0.1]/, false, true",
        "http://[::ffff:0:10.0.0.1]/, false, true",
        "http://[::ffff:0:8.8.8.8]/, true, true",
        // NAT64: the well-known prefix carries an IPv4 address; the local-use one is internal
        "http://[64:ff9b::127.0.0.1]/, false, true",
        "http://[64:ff9b::a9fe:a9fe]/, false, true",
        "http://[64:ff9b::8.8.8.8]/, true, true",
        "http://[64:ff9b::e000:1]/, false, false",
        "http://[64:ff9b:1::808:808]/, false, true",
        // 6to4 (2002:AABB:CCDD::) and Teredo (the client's address inverted in the last 32 bits)
        "http://[2002:7f00:1::1]/, false, true",
        "http://[2002:c0a8:101::1]/, false, true",
        "http://[2002:808:808::1]/, true, true",
        "http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/, false, true",
        "http://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/, true, true",
    })
    void an_address_literal_is_taken_by_what_it_reaches_without_a_lookup(
            String url, boolean withoutPrivate, boolean withPrivate) {
        assertDecision(url, false, withoutPrivate);
        assertDecision(url, true, withPrivate);
    }

    private static void assertDecision(String url, boolean allowPrivate, boolean accepted) {
        if (accepted) {
            TargetAddress target = TargetAddress.check(FIELD, url, allowPrivate, NO_LOOKUP);
            assertThat(target.uri()).isEqualTo(URI.create(url));
            assertThat(target.addresses()).hasSize(1);
        } else {
            assertThatThrownBy(() -> TargetAddress.check(FIELD, url, allowPrivate, NO_LOOKUP))
                    .as("%s with allowPrivate=%s", url, allowPrivate)
                    .isInstanceOfSatisfying(TargetRejected.class, e -> {
                        assertThat(e.field()).isEqualTo(FIELD);
                        assertThat(e.getMessage()).contains("address");
                    });
        }
    }

    @Test
    void a_literal_is_given_as_the_address_to_connect_to() throws Exception {
        assertThat(TargetAddress.check(FIELD, "http://203.0.113.7:8080/hook", false, NO_LOOKUP)
                        .addresses())
                .containsExactly(InetAddress.getByAddress(new byte[] {(byte) 203, 0, 113, 7}));
        assertThat(TargetAddress.check(FIELD, "https://[2001:db8::1]/hook", false, NO_LOOKUP)
                        .addresses())
                .containsExactly(InetAddress.getByAddress(
                        new byte[] {0x20, 0x01, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
    }

    @Test
    void the_messages_name_the_kind_of_address() {
        assertThatThrownBy(() -> TargetAddress.check(FIELD, "http://127.0.0.1/", false, NO_LOOKUP))
                .hasMessage("must point to public addresses only, not to a loopback address");
        assertThatThrownBy(() -> TargetAddress.check(FIELD, "http://[::ffff:192.168.0.1]/", false, NO_LOOKUP))
                .hasMessage("must point to public addresses only, not to a private address");
        assertThatThrownBy(() -> TargetAddress.check(FIELD, "http://0.0.0.0/", true, NO_LOOKUP))
                .hasMessage("must not point to an unspecified address");
        assertThatThrownBy(() -> TargetAddress.check(FIELD, "http://[ff02::1]/", true, NO_LOOKUP))
                .hasMessage("must not point to a multicast address");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://2130706433/", // 127.0.0.1 as one decimal number
                "http://134744072/", // 8.8.8.8, public, as one decimal number
                "http://0x7f000001/", // 127.0.0.1 in hexadecimal
                "http://0x/",
                "http://0177.0.0.1/", // octal 127 to browsers, decimal 177 to the JDK
                "http://010.0.0.1/",
                "http://08.8.8.8/",
            })
    void a_numeric_host_in_any_form_but_four_decimal_numbers_is_refused_whatever_it_means(String url) {
        for (boolean allowPrivate : new boolean[] {false, true}) {
            assertThatThrownBy(() -> TargetAddress.check(FIELD, url, allowPrivate, NO_LOOKUP))
                    .isInstanceOf(TargetRejected.class)
                    .hasMessage("must write a numeric host as four decimal numbers without leading zeros (like"
                            + " 203.0.113.7)");
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://0x7f.0.0.1/",
                "http://0x7f.1/",
                "http://127.1/",
                "http://127.0.0.1./",
                "http://1.2.3.256/",
                "http://1.2.3.4.5/",
                "http://example.123/",
                "http://%31%32%37.0.0.1/",
                "http://a_b.test/",
                "http://bücher.test/",
            })
    void a_host_java_net_uri_cannot_read_is_refused_without_a_lookup(String url) {
        for (boolean allowPrivate : new boolean[] {false, true}) {
            assertThatThrownBy(() -> TargetAddress.check(FIELD, url, allowPrivate, NO_LOOKUP))
                    .isInstanceOf(TargetRejected.class)
                    .hasMessageStartingWith("must be an absolute http or https URL with a host name");
        }
    }

    @Test
    void an_ipv6_zone_is_refused() {
        for (String url : List.of("http://[fe80::1%25eth0]/", "http://[fe80::1%eth0]/")) {
            assertThatThrownBy(() -> TargetAddress.check(FIELD, url, true, NO_LOOKUP))
                    .isInstanceOf(TargetRejected.class)
                    .hasMessage("must not name a network interface (an IPv6 zone)");
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ftp://a.test/file",
                "file:///etc/passwd",
                "javascript:alert(1)",
                "mailto:someone@a.test",
                "ws://a.test/socket",
                "//a.test/hook",
                "a.test/hook",
                "/hook",
                "http:/hook",
                "http://",
                "http://a test/",
            })
    void anything_but_an_absolute_http_or_https_url_is_refused_without_a_lookup(String url) {
        assertThatThrownBy(() -> TargetAddress.check(FIELD, url, true, NO_LOOKUP))
                .isInstanceOfSatisfying(
                        TargetRejected.class, e -> assertThat(e.field()).isEqualTo(FIELD))
                .hasMessageStartingWith("must be an absolute http or https URL");
    }

    @Test
    void a_missing_or_blank_url_is_required() {
        for (String url : new String[] {null, "", "   "}) {
            assertThatThrownBy(() -> TargetAddress.check("endpoint", url, true, NO_LOOKUP))
                    .isInstanceOfSatisfying(
                            TargetRejected.class, e -> assertThat(e.field()).isEqualTo("endpoint"))
                    .hasMessage("is required");
        }
    }

    @Test
    void the_scheme_is_taken_in_any_case_and_the_port_defaults_by_scheme() {
        HostResolver resolver = answering("a.test", "203.0.113.7");

        assertThat(TargetAddress.check(FIELD, "HTTPS://a.test/hook", false, resolver)
                        .port())
                .isEqualTo(443);
        assertThat(TargetAddress.check(FIELD, "http://a.test/hook", false, resolver)
                        .port())
                .isEqualTo(80);
        assertThat(TargetAddress.check(FIELD, "https://a.test:8443/hook", false, resolver)
                        .port())
                .isEqualTo(8443);
        assertThat(TargetAddress.check(FIELD, "http://a.test:65535/", false, resolver)
                        .port())
                .isEqualTo(65535);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://a.test:0/", "http://a.test:65536/"})
    void a_port_outside_1_to_65535_is_refused(String url) {
        assertThatThrownBy(() -> TargetAddress.check(FIELD, url, true, NO_LOOKUP))
                .isInstanceOf(TargetRejected.class)
                .hasMessage("must have a port from 1 to 65535");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://user:pw@a.test/", "http://a.test@127.0.0.1/", "http://@a.test/"})
    void a_user_name_or_password_is_refused_without_a_lookup(String url) {
        assertThatThrownBy(() -> TargetAddress.check(FIELD, url, true, NO_LOOKUP))
                .isInstanceOf(TargetRejected.class)
                .hasMessage("must not hold a user name or password");
    }

    @Test
    void a_url_over_2000_characters_is_refused_before_any_lookup() {
        String prefix = "https://a.test/";
        String longest = prefix + "x".repeat(2000 - prefix.length());
        assertThat(longest).hasSize(2000);

        assertThat(TargetAddress.check(FIELD, longest, false, answering("a.test", "203.0.113.7"))
                        .uri())
                .isEqualTo(URI.create(longest));
        assertThatThrownBy(() -> TargetAddress.check(FIELD, longest + "x", false, NO_LOOKUP))
                .isInstanceOf(TargetRejected.class)
                .hasMessage("must be at most 2000 characters");
        assertThatThrownBy(() -> TargetAddress.check(FIELD, "not a url " + "x".repeat(2000), false, NO_LOOKUP))
                .hasMessage("must be at most 2000 characters");
    }

    @Test
    void a_name_is_looked_up_and_all_its_addresses_are_given() throws Exception {
        List<String> asked = new ArrayList<>();
        HostResolver resolver = host -> {
            asked.add(host);
            return new InetAddress[] {
                InetAddress.getByAddress(host, new byte[] {(byte) 203, 0, 113, 7}),
                InetAddress.getByAddress(host, new byte[] {(byte) 198, 51, 100, 9}),
            };
        };

        TargetAddress target = TargetAddress.check(FIELD, "https://hooks.a.test:8443/in?x=1", false, resolver);

        assertThat(asked).containsExactly("hooks.a.test");
        assertThat(target.uri()).isEqualTo(URI.create("https://hooks.a.test:8443/in?x=1"));
        assertThat(target.addresses())
                .extracting(InetAddress::getHostAddress)
                .containsExactly("203.0.113.7", "198.51.100.9");
        assertThat(target.port()).isEqualTo(8443);
    }

    @Test
    void an_international_name_in_its_ascii_form_is_looked_up() {
        assertThat(TargetAddress.check(
                                FIELD, "https://xn--bcher-kva.test/", false, answering("xn--bcher-kva.test", "8.8.4.4"))
                        .addresses())
                .extracting(InetAddress::getHostAddress)
                .containsExactly("8.8.4.4");
    }

    @Test
    void a_name_with_any_internal_address_is_refused_unless_private_targets_are_allowed() {
        HostResolver resolver = answering("mixed.test", "203.0.113.7", "10.1.2.3");

        assertThatThrownBy(() -> TargetAddress.check(FIELD, "https://mixed.test/", false, resolver))
                .isInstanceOf(TargetRejected.class)
                .hasMessage("must point to public addresses only, not to a private address");
        assertThat(TargetAddress.check(FIELD, "https://mixed.test/", true, resolver)
                        .addresses())
                .hasSize(2);
    }

    @Test
    void localhost_is_what_it_resolves_to() {
        HostResolver resolver = answering("localhost", "127.0.0.1", "::1");

        assertThatThrownBy(() -> TargetAddress.check(FIELD, "http://localhost:8080/hook", false, resolver))
                .hasMessage("must point to public addresses only, not to a loopback address");
        assertThat(TargetAddress.check(FIELD, "http://localhost:8080/hook", true, resolver)
                        .addresses())
                .extracting(InetAddress::getHostAddress)
                .containsExactly("127.0.0.1", "0:0:0:0:0:0:0:1");
    }

    @Test
    void a_resolver_answering_an_unspecified_address_is_refused_even_with_private_targets_allowed() {
        HostResolver resolver = answering("zero.test", "0.0.0.0");

        assertThatThrownBy(() -> TargetAddress.check(FIELD, "http://zero.test/", true, resolver))
                .hasMessage("must not point to an unspecified address");
    }

    @Test
    void an_ipv4_mapped_address_from_the_resolver_is_what_it_carries() throws Exception {
        // Built as an Inet6Address (the JDK's parser would turn ::ffff:127.0.0.1 into an Inet4Address): a resolver
        // may well hand one over.
        byte[] mappedLoopback = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, 127, 0, 0, 1};
        InetAddress mapped = Inet6Address.getByAddress("rebind.test", mappedLoopback, -1);
        assertThat(mapped).isInstanceOf(Inet6Address.class);
        assertThat(mapped.isLoopbackAddress()).isFalse();
        HostResolver resolver = host -> new InetAddress[] {mapped};

        assertThatThrownBy(() -> TargetAddress.check(FIELD, "http://rebind.test/", false, resolver))
                .hasMessage("must point to public addresses only, not to a loopback address");
        assertThat(TargetAddress.check(FIELD, "http://rebind.test/", true, resolver)
                        .addresses())
                .containsExactly(mapped);
    }

    @Test
    void a_name_that_does_not_resolve_is_refused() {
        HostResolver unknown = host -> {
            throw new UnknownHostException(host);
        };
        HostResolver empty = host -> new InetAddress[0];

        for (HostResolver resolver : List.of(unknown, empty)) {
            assertThatThrownBy(() -> TargetAddress.check(FIELD, "https://nowhere.test/", true, resolver))
                    .isInstanceOfSatisfying(
                            TargetRejected.class, e -> assertThat(e.field()).isEqualTo(FIELD))
                    .hasMessage("must name a host that resolves");
        }
    }

    @Test
    void a_refusal_repeats_neither_the_host_nor_its_addresses() {
        HostResolver resolver = answering("db.internal.test", "10.20.30.40");

        assertThatThrownBy(() -> TargetAddress.check(FIELD, "http://db.internal.test:5432/", false, resolver))
                .isInstanceOf(TargetRejected.class)
                .message()
                .doesNotContain("internal")
                .doesNotContain("10.20.30.40")
                .doesNotContain("5432");
    }

    /** A resolver that knows one name and its addresses, given as literals (parsed, never looked up). */
    private static HostResolver answering(String name, String... addresses) {
        return host -> {
            if (!host.equals(name)) {
                throw new UnknownHostException(host);
            }
            InetAddress[] found = new InetAddress[addresses.length];
            for (int i = 0; i < addresses.length; i++) {
                found[i] = InetAddress.getByAddress(
                        host, InetAddress.getByName(addresses[i]).getAddress());
            }
            return found;
        };
    }
}
