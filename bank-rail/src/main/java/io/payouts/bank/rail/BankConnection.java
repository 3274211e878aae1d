package io.payouts.bank.rail;

import io.payouts.bank.sftp.HostKeyPin;
import io.payouts.bank.sftp.SftpCredentials;
import io.payouts.bank.sftp.SftpSettings;

import java.nio.file.Path;

/**
 * How to reach the bank's SFTP server, from {@code payouts.bank.sftp.*}, checked at start: each missing or malformed
 * setting stops the service naming it. The bank's host key must be pinned; secrets are never printed.
 */
final class BankConnection {

    private BankConnection() {
    }

    static SftpSettings settings(BankRailProperties.Sftp sftp) {
        String host = required(sftp.host(), "payouts.bank.sftp.host (PAYOUTS_BANK_SFTP_HOST)");
        String username = required(sftp.username(), "payouts.bank.sftp.username (PAYOUTS_BANK_SFTP_USERNAME)");
        String hostKey = required(sftp.hostKey(), "payouts.bank.sftp.host-key (PAYOUTS_BANK_SFTP_HOST_KEY), the "
                + "bank's public host key or its SHA256 fingerprint,");
        HostKeyPin pin;
        try {
            pin = HostKeyPin.of(hostKey);
        } catch (IllegalArgumentException unreadable) {
            throw invalid("payouts.bank.sftp.host-key (PAYOUTS_BANK_SFTP_HOST_KEY) is neither an OpenSSH public key "
                    + "line nor a SHA256 fingerprint");
        }
        try {
            return new SftpSettings(host, sftp.port(), username, credentials(sftp), pin, sftp.connectTimeout(),
                    sftp.operationTimeout());
        } catch (IllegalArgumentException wrong) {
            throw invalid("payouts.bank.sftp.* (PAYOUTS_BANK_SFTP_*): " + wrong.getMessage());
        }
    }

    private static SftpCredentials credentials(BankRailProperties.Sftp sftp) {
        boolean password = present(sftp.password());
        boolean key = present(sftp.privateKey()) || present(sftp.privateKeyFile());
        if (password == key) {
            throw invalid("log in to the bank with either payouts.bank.sftp.password (PAYOUTS_BANK_SFTP_PASSWORD) or "
                    + "a private key, payouts.bank.sftp.private-key or private-key-file "
                    + "(PAYOUTS_BANK_SFTP_PRIVATE_KEY, PAYOUTS_BANK_SFTP_PRIVATE_KEY_FILE)");
        }
        if (password) {
            return SftpCredentials.password(sftp.password());
        }
        try {
            return present(sftp.privateKey()) ? SftpCredentials.privateKey(sftp.privateKey())
                    : SftpCredentials.privateKeyFile(Path.of(sftp.privateKeyFile().strip()));
        } catch (RuntimeException unreadable) {
            throw invalid("the private key (PAYOUTS_BANK_SFTP_PRIVATE_KEY or _FILE) cannot be read: it must be an "
                    + "OpenSSH or PEM private key without a passphrase");
        }
    }

    private static String required(String value, String setting) {
        if (!present(value)) {
            throw invalid(setting + " is required to reach the bank");
        }
        return value.strip();
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    private static IllegalStateException invalid(String message) {
        return new IllegalStateException("The bank rail cannot start: " + message);
    }
}
