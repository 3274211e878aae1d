package io.payouts.service.http.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Two keys derived from the caller's bearer credential (an API key or session token, which the service itself
 * stores only as a hash): one fingerprints request bodies, one encrypts stored responses (ADR-0010). Stored
 * records therefore reveal neither a body (a password in a user creation cannot be guessed offline from its
 * fingerprint) nor a response (a key value returned once stays unreadable in the table); only a caller holding
 * the credential gets them back.
 */
final class CredentialKeys {

    private static final String HMAC = "HmacSHA256";
    private static final String CIPHER = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] fingerprintKey;
    private final byte[] sealingKey;

    private CredentialKeys(byte[] fingerprintKey, byte[] sealingKey) {
        this.fingerprintKey = fingerprintKey;
        this.sealingKey = sealingKey;
    }

    static CredentialKeys of(String credential) {
        byte[] secret = credential.getBytes(StandardCharsets.UTF_8);
        return new CredentialKeys(hmac(secret, "payouts idempotency fingerprint v1"),
                hmac(secret, "payouts idempotency response v1"));
    }

    /**
     * The hex HMAC-SHA256 of what makes two requests to one route the same request: the query string (usually
     * none) and the raw body bytes.
     */
    String fingerprint(String queryString, byte[] body) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(fingerprintKey, HMAC));
            mac.update((queryString == null ? "" : queryString).getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }

    /** AES-GCM with a fresh nonce; {@code context} (the record's identity and status) must match on opening. */
    byte[] seal(byte[] plaintext, String context) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, nonce, context);
            byte[] sealed = Arrays.copyOf(nonce, NONCE_BYTES + cipher.getOutputSize(plaintext.length));
            cipher.doFinal(plaintext, 0, plaintext.length, sealed, NONCE_BYTES);
            return sealed;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has AES-GCM", e);
        }
    }

    /** The plaintext, or empty if {@code sealed} was not sealed with this credential and context. */
    Optional<byte[]> open(byte[] sealed, String context) {
        if (sealed.length < NONCE_BYTES) {
            return Optional.empty();
        }
        try {
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, Arrays.copyOf(sealed, NONCE_BYTES), context);
            return Optional.of(cipher.doFinal(sealed, NONCE_BYTES, sealed.length - NONCE_BYTES));
        } catch (AEADBadTagException e) {
            return Optional.empty();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has AES-GCM", e);
        }
    }

    private Cipher cipher(int mode, byte[] nonce, String context) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance(CIPHER);
        cipher.init(mode, new SecretKeySpec(sealingKey, "AES"), new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(context.getBytes(StandardCharsets.UTF_8));
        return cipher;
    }

    private static byte[] hmac(byte[] key, String label) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac.doFinal(label.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }
}
