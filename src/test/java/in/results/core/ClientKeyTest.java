package in.results.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class ClientKeyTest {
    @Test
    void addresses_of_one_ipv6_64_share_one_key() throws Exception {
        String first = ClientKey.of(InetAddress.getByName("2001:db8:1:2::1"));
        String second = ClientKey.of(InetAddress.getByName("2001:db8:1:2:ffff:ffff:ffff:fffe"));

        assertThat(first).isEqualTo("2001:db8:1:2::/64");
        assertThat(second).isEqualTo(first);
    }

    @Test
    void addresses_of_different_ipv6_64s_have_different_keys() throws Exception {
        // the networks differ in the last bit of the fourth group only
        assertThat(ClientKey.of(InetAddress.getByName("2001:db8:1:2::1"))).isEqualTo("2001:db8:1:2::/64");
        assertThat(ClientKey.of(InetAddress.getByName("2001:db8:1:3::1"))).isEqualTo("2001:db8:1:3::/64");
        assertThat(ClientKey.of(InetAddress.getByName("2001:0DB8:00a0:0000::9")))
                .isEqualTo("2001:db8:a0:0::/64");
    }

    @Test
    void ipv4_addresses_are_their_own_key_also_when_mapped_into_ipv6() throws Exception {
        assertThat(ClientKey.of(InetAddress.getByName("203.0.113.7"))).isEqualTo("203.0.113.7");
        assertThat(ClientKey.of(InetAddress.getByName("203.0.113.8"))).isEqualTo("203.0.113.8");
        assertThat(ClientKey.of("::ffff:203.0.113.7")).isEqualTo("203.0.113.7");
        assertThat(ClientKey.of("[::ffff:203.0.113.7]")).isEqualTo("203.0.113.7");
    }

    @Test
    void textual_addresses_as_servers_and_proxies_write_them() {
        assertThat(ClientKey.of("127.0.0.1")).isEqualTo("127.0.0.1");
        assertThat(ClientKey.of(" 198.51.100.20 ")).isEqualTo("198.51.100.20");
        assertThat(ClientKey.of("[0:0:0:0:0:0:0:1]")).isEqualTo("0:0:0:0::/64");
        assertThat(ClientKey.of("fe80::1%eth0")).isEqualTo("fe80:0:0:0::/64");
        assertThat(ClientKey.of("2001:db8:1:2:3:4:5:6")).isEqualTo(ClientKey.of("2001:db8:1:2::99"));
    }

    @Test
    void a_text_that_is_no_address_is_its_own_key_cut_and_never_looked_up() {
        assertThat(ClientKey.of("unknown")).isEqualTo("unknown");
        assertThat(ClientKey.of("300.1.1.1")).isEqualTo("300.1.1.1");
        assertThat(ClientKey.of("2001:db8::zz")).isEqualTo("2001:db8::zz");
        assertThat(ClientKey.of("x".repeat(100))).hasSize(45);
    }
}
