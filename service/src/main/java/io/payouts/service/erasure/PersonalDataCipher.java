package io.payouts.service.erasure;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * AES-256-GCM over one personal field (ADR-0026). The driver id and the field's name are the associated data, so a
 * ciphertext copied into another driver's event or another field does not decrypt. Stored as
 * {@code pii:v1:<base64 of iv and ciphertext>}.
 */
final class PersonalDataCipher {

    static final String PREFIX = "pii:v1:";
    static final int KEY_BYTES = 32;
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private PersonalDataCipher() {
    }

    static byte[] newKey() {
        byte[] key = new byte[KEY_BYTES];
        RANDOM.nextBytes(key);
        return key;
    }

    static boolean isEncrypted(String value) {
        return value != null && value.startsWith(PREFIX);
    }

    static String encrypt(byte[] key, String driverId, String field, String plaintext) {
        if (plaintext == null) {
            return null;
        }
        byte[] iv = new byte[IV_BYTES];
        RANDOM.nextBytes(iv);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, key, iv, driverId, field);
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            return PREFIX + Base64.getEncoder().encodeToString(ByteBuffer.allocate(iv.length + sealed.length)
                    .put(iv).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is in every Java runtime", e);
        }
    }

    static String decrypt(byte[] key, String driverId, String field, String stored) {
        byte[] packed = Base64.getDecoder().decode(stored.substring(PREFIX.length()));
        ByteBuffer buffer = ByteBuffer.wrap(packed);
        byte[] iv = new byte[IV_BYTES];
        buffer.get(iv);
        byte[] sealed = new byte[buffer.remaining()];
        buffer.get(sealed);
        try {
            return new String(cipher(Cipher.DECRYPT_MODE, key, iv, driverId, field).doFinal(sealed),
                    StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the " + field + " of driver " + driverId
                    + " does not decrypt under its key", e);
        }
    }

    private static Cipher cipher(int mode, byte[] key, byte[] iv, String driverId, String field)
            throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, new SecretKeySpec(key, "AES"), new GCMParameterSpec(TAG_BITS, iv));
        cipher.updateAAD((driverId + ":" + field).getBytes(StandardCharsets.UTF_8));
        return cipher;
    }
}
