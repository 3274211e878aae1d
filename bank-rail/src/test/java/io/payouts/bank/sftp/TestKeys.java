package io.payouts.bank.sftp;

import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyEncryptionContext;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;

/** Login keys made on the fly, written the way ssh-keygen and openssl write them. */
final class TestKeys {

    private TestKeys() {
    }

    static KeyPair ed25519() {
        try {
            return KeyUtils.generateKeyPair("ssh-ed25519", 256);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static KeyPair rsa() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The {@code -----BEGIN OPENSSH PRIVATE KEY-----} form, encrypted when a passphrase is given. */
    static String openSsh(KeyPair key, String passphrase) {
        try {
            OpenSSHKeyEncryptionContext encryption = null;
            if (passphrase != null) {
                encryption = new OpenSSHKeyEncryptionContext();
                encryption.setCipherName("AES");
                encryption.setCipherMode("CTR");
                encryption.setCipherType("256");
                encryption.setPassword(passphrase);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(key, "payouts@test", encryption, out);
            return out.toString(StandardCharsets.US_ASCII);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The PKCS#8 {@code -----BEGIN PRIVATE KEY-----} form. */
    static String pkcs8Pem(KeyPair key) {
        return "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(key.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
    }
}
