package io.payouts.webhook.subscription;

import io.payouts.shared.InvalidFieldException;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * Where webhooks may go: https URLs whose host resolves only to public addresses, so that a subscription cannot
 * make the service call into its own network. {@code allowInsecure} (local testing) lifts both rules.
 */
public final class WebhookTargets {

    public static final int MAX_LENGTH = 2048;

    private final boolean allowInsecure;

    public WebhookTargets(boolean allowInsecure) {
        this.allowInsecure = allowInsecure;
    }

    /** The URL as it will be called, or a 400 naming {@code url}. */
    public URI require(String url) {
        if (url == null || url.isBlank()) {
            throw new InvalidFieldException("url", "is required");
        }
        if (url.length() > MAX_LENGTH) {
            throw new InvalidFieldException("url", "must be at most " + MAX_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new InvalidFieldException("url", "is not a URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new InvalidFieldException("url", "must be an absolute https URL");
        }
        if (uri.getUserInfo() != null) {
            throw new InvalidFieldException("url", "must not carry credentials");
        }
        if (!allowInsecure && !scheme.equals("https")) {
            throw new InvalidFieldException("url", "must use https");
        }
        refusal(uri).ifPresent(problem -> {
            throw new InvalidFieldException("url", problem);
        });
        return uri;
    }

    /** Why the service may not call {@code uri} now (its host may resolve elsewhere than at subscription time). */
    public Optional<String> refusal(URI uri) {
        if (allowInsecure) {
            return Optional.empty();
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(uri.getHost());
        } catch (UnknownHostException e) {
            return Optional.of("host " + uri.getHost() + " does not resolve");
        }
        for (InetAddress address : addresses) {
            if (internal(address)) {
                return Optional.of("must not resolve to a loopback, private or link-local address ("
                        + address.getHostAddress() + ")");
            }
        }
        return Optional.empty();
    }

    static boolean internal(InetAddress address) {
        if (address.isLoopbackAddress() || address.isSiteLocalAddress() || address.isLinkLocalAddress()
                || address.isAnyLocalAddress() || address.isMulticastAddress()) {
            return true;
        }
        byte[] bytes = address.getAddress();
        if (address instanceof Inet6Address) {
            return (bytes[0] & 0xfe) == 0xfc; // unique local fc00::/7
        }
        int first = bytes[0] & 0xff;
        int second = bytes[1] & 0xff;
        return first == 0 || (first == 100 && second >= 64 && second < 128) // carrier-grade NAT 100.64/10
                || (first == 169 && second == 254);
    }
}
