package io.payouts.bank.sftp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** How the company logs in to the bank: a password or a private key. Never printed. */
public sealed interface SftpCredentials {

    static SftpCredentials password(String password) {
        return new Password(password);
    }

    /** A private key in OpenSSH or PEM form, as {@code ssh-keygen} writes it, not protected by a passphrase. */
    static SftpCredentials privateKey(String pem) {
        return new PrivateKey(pem, Optional.empty());
    }

    static SftpCredentials privateKey(String pem, String passphrase) {
        return new PrivateKey(pem, Optional.of(passphrase));
    }

    /** A private key file such as {@code ~/.ssh/id_ed25519}, not protected by a passphrase. */
    static SftpCredentials privateKeyFile(Path file) {
        return new PrivateKey(readKeyFile(file), Optional.empty());
    }

    private static String readKeyFile(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the private key file " + file, e);
        }
    }

    record Password(String password) implements SftpCredentials {

        public Password {
            if (password == null || password.isEmpty()) {
                throw new IllegalArgumentException("a password login needs a password");
            }
        }

        @Override
        public String toString() {
            return "Password[****]";
        }
    }

    record PrivateKey(String pem, Optional<String> passphrase) implements SftpCredentials {

        public PrivateKey {
            if (pem == null || !pem.contains("PRIVATE KEY-----")) {
                throw new IllegalArgumentException("a key login needs a private key in OpenSSH or PEM form");
            }
            if (passphrase == null) {
                throw new IllegalArgumentException("passphrase is Optional.empty() when the key has none");
            }
        }

        @Override
        public String toString() {
            return "PrivateKey[****]";
        }
    }
}
