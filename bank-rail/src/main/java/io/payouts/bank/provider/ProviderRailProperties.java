package io.payouts.bank.provider;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;

/**
 * The payment provider's rail ({@code payouts.rail.http}, README "Configuration"), bound only with
 * {@code payouts.rail.production=http}; a missing or malformed setting stops the start.
 *
 * @param url               the provider's payouts endpoint, http or https
 * @param signingSecret     signs the requests like the service's webhooks
 * @param timeout           a request's limit, connecting included; a slower one is retried under the same
 *                          Idempotency-Key
 * @param retryInitialDelay the wait after an attempt's first request that may be sent again ({@code ProviderAnswer}),
 *                          then doubling
 * @param retryMaxDelay     the longest wait between an attempt's requests
 * @param pollInterval      how often waiting attempts are prepared and sent
 */
@ConfigurationProperties("payouts.rail.http")
public record ProviderRailProperties(String url, String signingSecret, @DefaultValue("10s") Duration timeout,
                                     @DefaultValue("1s") Duration retryInitialDelay,
                                     @DefaultValue("1m") Duration retryMaxDelay,
                                     @DefaultValue("1s") Duration pollInterval) {

    public ProviderRailProperties {
        endpoint(url);
        if (signingSecret == null || signingSecret.isBlank()) {
            throw new IllegalArgumentException("payouts.rail.http.signing-secret (PAYOUTS_RAIL_HTTP_SIGNING_SECRET) is "
                    + "required with PAYOUTS_RAIL_PRODUCTION=http: the provider checks every request's signature "
                    + "with it");
        }
        requireAtLeast("payouts.rail.http.timeout (PAYOUTS_RAIL_HTTP_TIMEOUT)", timeout, Duration.ofMillis(100));
        requireAtLeast("payouts.rail.http.retry-initial-delay (PAYOUTS_RAIL_HTTP_RETRY_INITIAL_DELAY)",
                retryInitialDelay, Duration.ofMillis(1));
        requireAtLeast("payouts.rail.http.retry-max-delay (PAYOUTS_RAIL_HTTP_RETRY_MAX_DELAY)", retryMaxDelay,
                retryInitialDelay);
        requireAtLeast("payouts.rail.http.poll-interval (PAYOUTS_RAIL_HTTP_POLL_INTERVAL)", pollInterval,
                Duration.ofMillis(10));
    }

    /** The provider's payouts endpoint. */
    public URI endpoint() {
        return endpoint(url);
    }

    private static URI endpoint(String url) {
        String problem = "payouts.rail.http.url (PAYOUTS_RAIL_HTTP_URL) must be the provider's payouts endpoint, an "
                + "absolute http or https address, with PAYOUTS_RAIL_PRODUCTION=http; was ";
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException(problem + "unset");
        }
        try {
            URI endpoint = new URI(url.strip());
            String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || endpoint.getHost() == null) {
                throw new IllegalArgumentException(problem + url);
            }
            return endpoint;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(problem + url, e);
        }
    }

    private static void requireAtLeast(String name, Duration value, Duration least) {
        if (value.compareTo(least) < 0) {
            throw new IllegalArgumentException(name + " must be at least " + least.toMillis() + "ms, was " + value);
        }
    }

    @Override
    public String toString() {
        return "ProviderRailProperties[url=" + url + ", signingSecret=hidden, timeout=" + timeout
                + ", retryInitialDelay=" + retryInitialDelay + ", retryMaxDelay=" + retryMaxDelay + ", pollInterval="
                + pollInterval + "]";
    }
}
