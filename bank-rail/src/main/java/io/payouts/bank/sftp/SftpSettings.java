package io.payouts.bank.sftp;

import java.time.Duration;
import java.util.Objects;

/**
 * Where the bank's SFTP server is and how to log in.
 *
 * @param connectTimeout   for the TCP connection, the key exchange and the login together
 * @param operationTimeout for each SFTP request (open, write, rename, list...)
 */
public record SftpSettings(String host, int port, String username, SftpCredentials credentials, HostKeyPin hostKey,
                           Duration connectTimeout, Duration operationTimeout) {

    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(15);
    public static final Duration DEFAULT_OPERATION_TIMEOUT = Duration.ofSeconds(30);

    public SftpSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("the bank's host is required");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("not a TCP port: " + port);
        }
        if (username == null || username.isBlank()) {
            throw new IllegalArgumentException("the login's username is required");
        }
        Objects.requireNonNull(credentials, "credentials");
        Objects.requireNonNull(hostKey, "the bank's host key must be pinned");
        requirePositive(connectTimeout, "connectTimeout");
        requirePositive(operationTimeout, "operationTimeout");
    }

    public SftpSettings(String host, int port, String username, SftpCredentials credentials, HostKeyPin hostKey) {
        this(host, port, username, credentials, hostKey, DEFAULT_CONNECT_TIMEOUT, DEFAULT_OPERATION_TIMEOUT);
    }

    private static void requirePositive(Duration timeout, String name) {
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive: " + timeout);
        }
    }
}
