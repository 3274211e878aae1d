package io.payouts.bank.sftp;

import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.apache.sshd.common.digest.BuiltinDigests;

import java.security.PublicKey;
import java.util.regex.Pattern;

/**
 * The bank's host key the channel trusts, and no other: kept as its SHA256 fingerprint, the form {@code ssh-keygen -l}
 * prints.
 */
public record HostKeyPin(String fingerprint) {

    private static final Pattern SHA256 = Pattern.compile("SHA256:[A-Za-z0-9+/]{43}");

    public HostKeyPin {
        if (fingerprint == null || !SHA256.matcher(fingerprint).matches()) {
            throw new IllegalArgumentException("a pinned host key is a SHA256 fingerprint (SHA256: and 43 base64 "
                    + "characters): " + fingerprint);
        }
    }

    /**
     * A pin from the bank's public key as an OpenSSH line ({@code ssh-ed25519 AAAA... comment},
     * {@code ssh-rsa AAAA...}) or from its fingerprint ({@code SHA256:...}).
     */
    public static HostKeyPin of(String publicKeyOrFingerprint) {
        if (publicKeyOrFingerprint == null || publicKeyOrFingerprint.isBlank()) {
            throw new IllegalArgumentException("the bank's host key is required");
        }
        String value = publicKeyOrFingerprint.strip();
        if (value.startsWith("SHA256:")) {
            return new HostKeyPin(value);
        }
        try {
            PublicKey key = PublicKeyEntry.parsePublicKeyEntry(value)
                    .resolvePublicKey(null, null, PublicKeyEntryResolver.FAILING);
            return of(key);
        } catch (Exception unreadable) {
            throw new IllegalArgumentException("not an OpenSSH public key or SHA256 fingerprint: " + value,
                    unreadable);
        }
    }

    public static HostKeyPin of(PublicKey key) {
        return new HostKeyPin(fingerprintOf(key));
    }

    public boolean matches(PublicKey key) {
        return fingerprint.equals(fingerprintOf(key));
    }

    static String fingerprintOf(PublicKey key) {
        return KeyUtils.getFingerPrint(BuiltinDigests.sha256, key);
    }
}
