package io.payouts.bank.simulator;

import io.payouts.bank.sftp.HostKeyPin;
import io.payouts.bank.sftp.SftpCredentials;
import io.payouts.bank.sftp.SftpSettings;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.util.List;
import java.util.Objects;

/**
 * The simulated bank's SFTP server: one login, a file system rooted in a directory of this machine with the folders
 * {@code outbound} (the company's files to the bank) and {@code inbound} (the bank's answers), on loopback only.
 */
public final class BankSftpServer implements AutoCloseable {

    public static final String OUTBOUND = "outbound";
    public static final String INBOUND = "inbound";
    private static final String LOOPBACK = "127.0.0.1";

    private final SshServer server;
    private final Path root;
    private final BankLogin login;
    private final KeyPair hostKey;

    private BankSftpServer(SshServer server, Path root, BankLogin login, KeyPair hostKey) {
        this.server = server;
        this.root = root;
        this.login = login;
        this.hostKey = hostKey;
    }

    /** A server on an ephemeral port with a new Ed25519 host key. */
    public static BankSftpServer start(Path root, BankLogin login) {
        return start(root, login, 0, generateHostKey());
    }

    /**
     * @param port    0 for an ephemeral one
     * @param hostKey the key the server proves itself with; keep it to keep the pin the service has
     */
    public static BankSftpServer start(Path root, BankLogin login, int port, KeyPair hostKey) {
        Objects.requireNonNull(login, "login");
        Objects.requireNonNull(hostKey, "hostKey");
        Path home = root.toAbsolutePath().normalize();
        try {
            Files.createDirectories(home.resolve(OUTBOUND));
            Files.createDirectories(home.resolve(INBOUND));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the bank's folders under " + home, e);
        }
        SshServer server = SshServer.setUpDefaultServer();
        server.setHost(LOOPBACK);
        server.setPort(port);
        server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
        server.setFileSystemFactory(new VirtualFileSystemFactory(home));
        server.setSubsystemFactories(List.of(new SftpSubsystemFactory.Builder().build()));
        server.setPasswordAuthenticator((username, password, session) -> login.username().equals(username)
                && login.password().map(expected -> sameText(expected, password)).orElse(false));
        server.setPublickeyAuthenticator((username, key, session) -> login.username().equals(username)
                && login.authorizedKeys().stream().anyMatch(authorized -> KeyUtils.compareKeys(authorized, key)));
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("the bank's SFTP server cannot listen on " + LOOPBACK + ":" + port, e);
        }
        return new BankSftpServer(server, home, login, hostKey);
    }

    /** An Ed25519 key pair, for a host key or a login key. */
    public static KeyPair generateHostKey() {
        try {
            return KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM cannot make Ed25519 keys", e);
        }
    }

    public String host() {
        return LOOPBACK;
    }

    public int port() {
        return server.getPort();
    }

    /** The host key as an OpenSSH public key line ({@code ssh-ed25519 AAAA...}), the form a pin can take. */
    public String hostPublicKey() {
        return PublicKeyEntry.toString(hostKey.getPublic());
    }

    /** The host key's SHA256 fingerprint. */
    public String hostKeyFingerprint() {
        return HostKeyPin.of(hostKey.getPublic()).fingerprint();
    }

    /** How a client reaches this server with {@code credentials}, the host key pinned. */
    public SftpSettings clientSettings(SftpCredentials credentials) {
        return new SftpSettings(host(), port(), login.username(), credentials, HostKeyPin.of(hostKey.getPublic()));
    }

    /** The directory the login's home is. */
    public Path root() {
        return root;
    }

    public Path outbound() {
        return root.resolve(OUTBOUND);
    }

    public Path inbound() {
        return root.resolve(INBOUND);
    }

    @Override
    public void close() {
        try {
            server.stop(true);
        } catch (IOException e) {
            throw new UncheckedIOException("the bank's SFTP server did not stop", e);
        }
    }

    private static boolean sameText(String expected, String given) {
        return given != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
    }
}
