package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClientKeyTest {
    @Test
    void an_ipv4_client_is_its_address() {
        assertThat(ClientKey.of("203.0.113.7")).isEqualTo("203.0.113.7");
    }

    @Test
    void an_ipv6_client_is_its_64_bit_network_whatever_address_in_it_it_uses() {
        // 2001:db8:1:2 are the first 64 bits; the rest is the interface the client may change at will
        assertThat(ClientKey.of("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).isEqualTo("2001:db8:1:2:0:0:0:0/64");
        assertThat(ClientKey.of("2001:db8:1:2::9")).isEqualTo("2001:db8:1:2:0:0:0:0/64");
        assertThat(ClientKey.of("[2001:db8:1:2::9]")).isEqualTo("2001:db8:1:2:0:0:0:0/64");
    }

    @Test
    void another_64_bit_network_is_another_client() {
        assertThat(ClientKey.of("2001:db8:1:3::9")).isEqualTo("2001:db8:1:3:0:0:0:0/64");
    }

    @Test
    void an_ipv4_address_in_ipv6_form_is_the_ipv4_client() {
        assertThat(ClientKey.of("::ffff:203.0.113.7")).isEqualTo("203.0.113.7");
    }

    @Test
    void text_that_is_no_address_is_its_own_key_and_never_looked_up() {
        assertThat(ClientKey.of("not:an:address:at:all")).isEqualTo("not:an:address:at:all");
        assertThat(ClientKey.of("unknown")).isEqualTo("unknown");
    }
}
