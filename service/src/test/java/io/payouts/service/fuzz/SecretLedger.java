package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every secret a run hands out (key values, webhook signing secrets, session tokens, console cookies and CSRF
 * tokens, passwords), with the answer that issued it, so that any other text can be searched for them. Secrets are
 * also searched without their prefix ({@code svc_sbox_}, {@code sess_}, …), as the random part alone is a leak.
 */
final class SecretLedger {

    /** Fields of an answer that carry a secret the answer issues. */
    private static final Set<String> SECRET_FIELDS = Set.of("key", "token", "secret", "csrfToken", "password");
    private static final List<String> PREFIXES = List.of("svc_sbox_", "svc_prod_", "sess_", "whsec_");
    private static final int SHORTEST_SECRET = 16;
    /** Issued before the matrix sent anything, by the set-up. */
    static final int SET_UP = -1;

    private final Map<String, Integer> issuedBy = new LinkedHashMap<>();

    void issuedBySetUp(String secret) {
        issued(secret, SET_UP);
    }

    void issued(String secret, int answer) {
        if (secret != null && secret.length() >= SHORTEST_SECRET) {
            issuedBy.putIfAbsent(secret, answer);
        }
    }

    /** Records the secrets an answer hands out: its secret fields, and a session cookie it sets. */
    void harvest(Answer answer, int index) {
        if (answer.json() != null) {
            harvest(answer.json(), index);
        }
        answer.headers().allValues("Set-Cookie").forEach(cookie -> {
            int value = cookie.indexOf('=');
            int end = cookie.indexOf(';');
            if (value > 0) {
                issued(cookie.substring(value + 1, end < 0 ? cookie.length() : end), index);
            }
        });
    }

    private void harvest(JsonNode node, int index) {
        node.fields().forEachRemaining(field -> {
            if (SECRET_FIELDS.contains(field.getKey()) && field.getValue().isTextual()) {
                issued(field.getValue().asText(), index);
            }
        });
        node.forEach(child -> {
            if (child.isContainerNode()) {
                harvest(child, index);
            }
        });
    }

    int size() {
        return issuedBy.size();
    }

    /** The secrets in {@code text} that the answer numbered {@code reader} did not issue itself. */
    List<String> leakedInto(String text, int reader) {
        List<String> leaked = new ArrayList<>();
        if (text == null) {
            return leaked;
        }
        issuedBy.forEach((secret, issuer) -> {
            if (issuer != reader && (text.contains(secret) || text.contains(withoutPrefix(secret)))) {
                leaked.add(secret);
            }
        });
        return leaked;
    }

    /** The number of the answer that issued the secret, or {@link #SET_UP}. */
    int issuer(String secret) {
        return issuedBy.get(secret);
    }

    /** A secret named without showing it: its first characters, enough to tell which kind it is. */
    static String describe(String secret) {
        return secret.substring(0, Math.min(secret.length(), 10)) + "… (" + secret.length() + " characters)";
    }

    private static String withoutPrefix(String secret) {
        return PREFIXES.stream().filter(secret::startsWith).findFirst()
                .map(prefix -> secret.substring(prefix.length())).orElse(secret);
    }
}
