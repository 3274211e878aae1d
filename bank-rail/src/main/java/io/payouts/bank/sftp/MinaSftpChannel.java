package io.payouts.bank.sftp;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.future.ConnectFuture;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.sftp.SftpModuleProperties;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.client.impl.AbstractSftpClient;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An {@link SftpChannel} on Apache MINA SSHD. It connects on first use and keeps the connection for the next
 * operations; an operation that fails for the network drops it, so the next one connects again. Operations are
 * serialised: one SFTP session, one request at a time.
 */
public final class MinaSftpChannel implements SftpChannel {

    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9._-]+");
    /** How often a listing is read again when the folder changed under it. */
    private static final int LISTINGS = 3;

    private final SftpSettings settings;
    private final List<KeyPair> keys;
    private final SshClient client;
    private final PinnedHostKeyVerifier hostKeyVerifier;
    private ClientSession session;
    private SftpClient sftp;

    public MinaSftpChannel(SftpSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.keys = keysOf(settings.credentials());
        this.hostKeyVerifier = new PinnedHostKeyVerifier(settings.hostKey());
        this.client = SshClient.setUpDefaultClient();
        // Nothing from this machine's ~/.ssh (config, keys, known hosts) may change whom we connect to or how.
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
        client.setServerKeyVerifier(hostKeyVerifier);
        SftpModuleProperties.SFTP_CHANNEL_OPEN_TIMEOUT.set(client, settings.operationTimeout());
        AbstractSftpClient.SFTP_CLIENT_CMD_TIMEOUT.set(client, settings.operationTimeout());
        client.start();
    }

    @Override
    public synchronized void upload(String folder, String name, byte[] content) {
        String path = path(folder, name);
        Objects.requireNonNull(content, "content");
        if (name.endsWith(PART_SUFFIX)) {
            throw new IllegalArgumentException("a file to upload cannot itself be named " + PART_SUFFIX + ": " + name);
        }
        run("upload " + path, client -> {
            if (exists(client, path)) {
                requireSameContent(client, path, content, "upload");
                return null;
            }
            String part = path + PART_SUFFIX;
            try (OutputStream out = client.write(part, SftpClient.OpenMode.Write, SftpClient.OpenMode.Create,
                    SftpClient.OpenMode.Truncate)) {
                out.write(content);
            }
            try {
                client.rename(part, path);
            } catch (SftpException renameRefused) {
                if (!exists(client, path)) {
                    throw renameRefused;
                }
                // Someone uploaded the same name between our check and the rename: the same bytes are the same file.
                requireSameContent(client, path, content, "upload");
                client.remove(part);
            }
            return null;
        });
    }

    @Override
    public synchronized List<String> list(String folder) {
        String path = folder(folder);
        return run("list " + path, client -> {
            for (int listing = 1; ; listing++) {
                try {
                    return names(client, path);
                } catch (IOException | RuntimeException changed) {
                    // a file renamed or removed while the listing read its attributes: the folder changed, list again
                    if (listing == LISTINGS || !vanished(changed) || !exists(client, path)) {
                        throw changed;
                    }
                }
            }
        });
    }

    private static List<String> names(SftpClient client, String path) throws IOException {
        List<String> names = new ArrayList<>();
        for (SftpClient.DirEntry entry : client.readDir(path)) {
            String name = entry.getFilename();
            if (entry.getAttributes().isRegularFile() && !name.endsWith(PART_SUFFIX)) {
                names.add(name);
            }
        }
        names.sort(null);
        return names;
    }

    private static boolean vanished(Throwable failure) {
        for (Throwable link = failure; link != null; link = link.getCause()) {
            if (link instanceof SftpException sftp && sftp.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                return true;
            }
        }
        return false;
    }

    @Override
    public synchronized byte[] read(String folder, String name) {
        String path = path(folder, name);
        return run("read " + path, client -> readAll(client, path));
    }

    @Override
    public synchronized void move(String folder, String name, String toFolder) {
        String from = path(folder, name);
        String to = path(toFolder, name);
        run("move " + from + " to " + folder(toFolder), client -> {
            createFolderIfMissing(client, folder(toFolder));
            if (exists(client, to)) {
                requireSameContent(client, to, readAll(client, from), "move");
                client.remove(from);
                return null;
            }
            client.rename(from, to);
            return null;
        });
    }

    @Override
    public synchronized void close() {
        disconnect();
        try {
            client.stop();
        } catch (RuntimeException ignored) {
            // Stopping a client that lost its connection may complain; there is nothing left to release.
        }
    }

    private <T> T run(String operation, SftpOperation<T> work) {
        SftpClient connected = connected();
        try {
            return work.on(connected);
        } catch (SftpException refused) {
            throw new BankFileException(operation + " refused by the bank: " + describe(refused), refused);
        } catch (IOException | RuntimeException broken) {
            if (broken instanceof BankFileException file) {
                throw file;
            }
            disconnect();
            throw new BankUnreachableException(operation + " failed at " + where() + ": " + broken.getMessage(),
                    broken);
        }
    }

    private SftpClient connected() {
        if (sftp != null && sftp.isOpen() && session != null && session.isOpen()) {
            return sftp;
        }
        disconnect();
        ClientSession opening = null;
        hostKeyVerifier.forget();
        try {
            ConnectFuture connecting = client.connect(settings.username(), settings.host(), settings.port());
            opening = connecting.verify(settings.connectTimeout()).getSession();
            if (settings.credentials() instanceof SftpCredentials.Password password) {
                opening.addPasswordIdentity(password.password());
            }
            keys.forEach(opening::addPublicKeyIdentity);
            opening.auth().verify(settings.connectTimeout());
            SftpClient opened = SftpClientFactory.instance().createSftpClient(opening);
            session = opening;
            sftp = opened;
            return sftp;
        } catch (IOException | RuntimeException failure) {
            String presented = hostKeyVerifier.refusedFingerprint().orElse(null);
            closeQuietly(opening);
            if (presented != null) {
                throw new HostKeyMismatchException("the server at " + where() + " presented host key " + presented
                        + ", not the pinned " + settings.hostKey().fingerprint() + "; refusing to connect",
                        presented, failure);
            }
            throw new BankUnreachableException("cannot log in to the bank at " + where() + " as "
                    + settings.username() + ": " + failure.getMessage(), failure);
        }
    }

    private void disconnect() {
        closeQuietly(sftp);
        closeQuietly(session);
        sftp = null;
        session = null;
    }

    private String where() {
        return settings.host() + ":" + settings.port();
    }

    private static boolean exists(SftpClient client, String path) throws IOException {
        try {
            client.stat(path);
            return true;
        } catch (SftpException missing) {
            if (missing.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                return false;
            }
            throw missing;
        }
    }

    private static void requireSameContent(SftpClient client, String path, byte[] content, String operation)
            throws IOException {
        if (!Arrays.equals(readAll(client, path), content)) {
            throw new BankFileException(operation + " refused: " + path + " is already there with other content");
        }
    }

    private static byte[] readAll(SftpClient client, String path) throws IOException {
        try (InputStream in = client.read(path)) {
            return in.readAllBytes();
        }
    }

    private static void createFolderIfMissing(SftpClient client, String folder) throws IOException {
        if (!exists(client, folder)) {
            client.mkdir(folder);
        }
    }

    private static String path(String folder, String name) {
        return folder(folder) + "/" + segment(name, "file name");
    }

    private static String folder(String folder) {
        return segment(folder, "folder");
    }

    private static String segment(String value, String what) {
        if (value == null || !SEGMENT.matcher(value).matches() || value.equals(".") || value.equals("..")) {
            throw new IllegalArgumentException("a " + what + " is one path segment of letters, digits, '.', '_' or "
                    + "'-': " + value);
        }
        return value;
    }

    private static String describe(SftpException refused) {
        return SftpConstants.getStatusName(refused.getStatus()) + " (" + refused.getMessage() + ")";
    }

    private static List<KeyPair> keysOf(SftpCredentials credentials) {
        if (!(credentials instanceof SftpCredentials.PrivateKey key)) {
            return List.of();
        }
        try {
            List<KeyPair> pairs = new ArrayList<>();
            Iterable<KeyPair> loaded = SecurityUtils.loadKeyPairIdentities(null, NamedResource.ofName("bank login key"),
                    new ByteArrayInputStream(key.pem().getBytes(StandardCharsets.UTF_8)),
                    key.passphrase().map(FilePasswordProvider::of).orElse(FilePasswordProvider.EMPTY));
            if (loaded != null) {
                loaded.forEach(pairs::add);
            }
            if (pairs.isEmpty()) {
                throw new IllegalArgumentException("the private key holds no key");
            }
            return List.copyOf(pairs);
        } catch (IOException | GeneralSecurityException unreadable) {
            throw new IllegalArgumentException("cannot read the private key: " + unreadable.getMessage(), unreadable);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception ignored) {
            // Closing a connection that is already broken has nothing left to report.
        }
    }

    @FunctionalInterface
    private interface SftpOperation<T> {
        T on(SftpClient client) throws IOException;
    }
}
