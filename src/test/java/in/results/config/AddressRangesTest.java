package in.results.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AddressRangesTest {
    @Test
    void single_addresses_match_only_themselves() {
        AddressRanges ranges = AddressRanges.parse("S", "10.0.0.1, ::1");

        assertThat(ranges.contains("10.0.0.1")).isTrue();
        assertThat(ranges.contains("10.0.0.2")).isFalse();
        assertThat(ranges.contains("0:0:0:0:0:0:0:1")).isTrue(); // the same address, written out
        assertThat(ranges.contains("::2")).isFalse();
    }

    @Test
    void a_cidr_range_holds_the_addresses_its_prefix_covers() {
        AddressRanges ranges = AddressRanges.parse("S", "10.244.0.0/16,172.16.0.0/12,fd00::/8");

        assertThat(ranges.contains("10.244.255.7")).isTrue();
        assertThat(ranges.contains("10.245.0.1")).isFalse();
        // /12: 172.16.0.0 to 172.31.255.255, a prefix that ends inside the second byte
        assertThat(ranges.contains("172.31.255.255")).isTrue();
        assertThat(ranges.contains("172.32.0.0")).isFalse();
        assertThat(ranges.contains("fdab::1")).isTrue();
        assertThat(ranges.contains("fe80::1")).isFalse();
        assertThat(ranges.contains("10.244.0.1")).isTrue();
    }

    @Test
    void a_zero_prefix_holds_every_address_of_its_family_only() {
        AddressRanges ranges = AddressRanges.parse("S", "0.0.0.0/0");

        assertThat(ranges.contains("203.0.113.9")).isTrue();
        assertThat(ranges.contains("2001:db8::1")).isFalse();
    }

    @Test
    void names_and_malformed_text_are_never_in_a_range_and_never_looked_up() {
        AddressRanges ranges = AddressRanges.parse("S", "0.0.0.0/0,::/0");

        assertThat(ranges.contains("face.bad")).isFalse();
        assertThat(ranges.contains("localhost")).isFalse();
        assertThat(ranges.contains("unknown")).isFalse();
        assertThat(ranges.contains("")).isFalse();
        assertThat(ranges.contains("1:::2:::3")).isFalse();
    }

    @Test
    void entries_that_are_neither_an_address_nor_a_range_are_refused_with_the_setting_named() {
        for (String bad :
                new String[] {"proxy.local", "10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/x", "10.0.0/8"}) {
            assertThatThrownBy(() -> AddressRanges.parse("RESULTS_TRUSTED_PROXIES", bad))
                    .as(bad)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("RESULTS_TRUSTED_PROXIES")
                    .hasMessageContaining(bad);
        }
        assertThat(AddressRanges.parse("S", " , ").isEmpty()).isTrue();
    }
}
