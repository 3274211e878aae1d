package io.payouts.bank.provider;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProviderRailPropertiesTest {

    @Test
    void refusesToStartWithoutTheProvidersAddressNamingTheSetting() {
        assertThatThrownBy(() -> properties(null, "secret")).hasMessageContaining("PAYOUTS_RAIL_HTTP_URL")
                .hasMessageContaining("unset");
        assertThatThrownBy(() -> properties("ftp://provider.example/payouts", "secret"))
                .hasMessageContaining("payouts.rail.http.url");
        assertThatThrownBy(() -> properties("/payouts", "secret")).hasMessageContaining("payouts.rail.http.url");
    }

    @Test
    void refusesToStartWithoutASigningSecret() {
        assertThatThrownBy(() -> properties("https://provider.example/payouts", " "))
                .hasMessageContaining("PAYOUTS_RAIL_HTTP_SIGNING_SECRET");
    }

    @Test
    void refusesAMaximumDelayShorterThanTheInitialOne() {
        assertThatThrownBy(() -> new ProviderRailProperties("https://provider.example/payouts", "secret",
                Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(1), Duration.ofSeconds(1)))
                .hasMessageContaining("PAYOUTS_RAIL_HTTP_RETRY_MAX_DELAY");
    }

    @Test
    void neverPrintsTheSigningSecret() {
        ProviderRailProperties properties = properties("https://provider.example/payouts", "whsec_do_not_print");

        assertThat(properties.endpoint()).isEqualTo(URI.create("https://provider.example/payouts"));
        assertThat(properties.toString()).doesNotContain("whsec_do_not_print");
    }

    private static ProviderRailProperties properties(String url, String secret) {
        return new ProviderRailProperties(url, secret, Duration.ofSeconds(10), Duration.ofSeconds(1),
                Duration.ofMinutes(1), Duration.ofSeconds(1));
    }
}
