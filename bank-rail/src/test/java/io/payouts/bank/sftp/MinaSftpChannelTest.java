package io.payouts.bank.sftp;

import io.payouts.bank.simulator.BankLogin;
import io.payouts.bank.simulator.BankSftpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MinaSftpChannelTest {

    private static final String USER = "acme";
    private static final String PASSWORD = "s3cret-pass";
    private static final byte[] FILE = "<Document/>".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path bankRoot;
    private final KeyPair loginKey = TestKeys.ed25519();
    private BankSftpServer bank;

    @BeforeEach
    void startBank() {
        bank = BankSftpServer.start(bankRoot, BankLogin.withPassword(USER, PASSWORD).andKey(loginKey.getPublic()));
    }

    @AfterEach
    void stopBank() {
        bank.close();
    }

    @Test
    void uploadsListsReadsAndMovesAFileLoggedInWithAPassword() throws IOException {
        try (SftpChannel channel = channel(SftpCredentials.password(PASSWORD))) {
            channel.upload("outbound", "MSG-1.xml", FILE);

            assertThat(Files.readAllBytes(bank.outbound().resolve("MSG-1.xml"))).isEqualTo(FILE);
            assertThat(bank.outbound().resolve("MSG-1.xml.part")).doesNotExist();
            assertThat(channel.list("outbound")).containsExactly("MSG-1.xml");
            assertThat(channel.read("outbound", "MSG-1.xml")).isEqualTo(FILE);

            channel.move("outbound", "MSG-1.xml", "archive");

            assertThat(channel.list("outbound")).isEmpty();
            assertThat(channel.list("archive")).containsExactly("MSG-1.xml");
            assertThat(Files.readAllBytes(bankRoot.resolve("archive/MSG-1.xml"))).isEqualTo(FILE);
        }
    }

    @Test
    void logsInWithAnOpenSshEd25519Key() {
        try (SftpChannel channel = channel(SftpCredentials.privateKey(TestKeys.openSsh(loginKey, null)))) {
            channel.upload("outbound", "MSG-2.xml", FILE);

            assertThat(channel.list("outbound")).containsExactly("MSG-2.xml");
        }
    }

    @Test
    void logsInWithAPassphraseProtectedKey() {
        String pem = TestKeys.openSsh(loginKey, "correct horse");

        try (SftpChannel channel = channel(SftpCredentials.privateKey(pem, "correct horse"))) {
            assertThat(channel.list("inbound")).isEmpty();
        }
    }

    @Test
    void logsInWithAPkcs8RsaKeyFile(@TempDir Path keys) throws IOException {
        KeyPair rsa = TestKeys.rsa();
        bank.close();
        bank = BankSftpServer.start(bankRoot, BankLogin.withKey(USER, rsa.getPublic()));
        Path keyFile = Files.writeString(keys.resolve("id_rsa"), TestKeys.pkcs8Pem(rsa));

        try (SftpChannel channel = channel(SftpCredentials.privateKeyFile(keyFile))) {
            assertThat(channel.list("outbound")).isEmpty();
        }
    }

    @Test
    void refusesAWrongPasswordAsUnreachable() {
        try (SftpChannel channel = channel(SftpCredentials.password("guess"))) {
            assertThatThrownBy(() -> channel.list("inbound"))
                    .isInstanceOf(BankUnreachableException.class)
                    .hasMessageContaining("cannot log in to the bank at 127.0.0.1:" + bank.port() + " as acme");
        }
    }

    @Test
    void refusesAKeyTheBankDoesNotKnow() {
        String stranger = TestKeys.openSsh(TestKeys.ed25519(), null);

        try (SftpChannel channel = channel(SftpCredentials.privateKey(stranger))) {
            assertThatThrownBy(() -> channel.list("inbound")).isInstanceOf(BankUnreachableException.class);
        }
    }

    @Test
    void connectsWhenTheHostKeyIsPinnedByItsPublicKeyLine() {
        SftpSettings settings = new SftpSettings(bank.host(), bank.port(), USER, SftpCredentials.password(PASSWORD),
                HostKeyPin.of(bank.hostPublicKey()));

        try (SftpChannel channel = new MinaSftpChannel(settings)) {
            assertThat(channel.list("outbound")).isEmpty();
        }
    }

    @Test
    void connectsWhenTheHostKeyIsPinnedByItsFingerprint() {
        SftpSettings settings = new SftpSettings(bank.host(), bank.port(), USER, SftpCredentials.password(PASSWORD),
                HostKeyPin.of(bank.hostKeyFingerprint()));

        try (SftpChannel channel = new MinaSftpChannel(settings)) {
            assertThat(channel.list("outbound")).isEmpty();
        }
    }

    @Test
    void refusesAServerPresentingAnotherHostKeyAndNamesTheKeyItPresented() {
        HostKeyPin otherBank = HostKeyPin.of(BankSftpServer.generateHostKey().getPublic());
        SftpSettings settings = new SftpSettings(bank.host(), bank.port(), USER, SftpCredentials.password(PASSWORD),
                otherBank);

        try (SftpChannel channel = new MinaSftpChannel(settings)) {
            assertThatThrownBy(() -> channel.upload("outbound", "MSG-3.xml", FILE))
                    .isInstanceOfSatisfying(HostKeyMismatchException.class, mismatch ->
                            assertThat(mismatch.presentedFingerprint()).isEqualTo(bank.hostKeyFingerprint()))
                    .hasMessage("the server at 127.0.0.1:" + bank.port() + " presented host key "
                            + bank.hostKeyFingerprint() + ", not the pinned " + otherBank.fingerprint()
                            + "; refusing to connect");
        }
        assertThat(bank.outbound().resolve("MSG-3.xml")).doesNotExist();
        assertThat(bank.outbound().resolve("MSG-3.xml.part")).doesNotExist();
    }

    @Test
    void treatsTheSameFileUploadedTwiceAsDone() throws IOException {
        try (SftpChannel channel = channel(SftpCredentials.password(PASSWORD))) {
            channel.upload("outbound", "MSG-4.xml", FILE);
            channel.upload("outbound", "MSG-4.xml", FILE.clone());

            assertThat(channel.list("outbound")).containsExactly("MSG-4.xml");
            assertThat(Files.readAllBytes(bank.outbound().resolve("MSG-4.xml"))).isEqualTo(FILE);
        }
    }

    @Test
    void refusesToOverwriteAFileWithOtherContent() throws IOException {
        try (SftpChannel channel = channel(SftpCredentials.password(PASSWORD))) {
            channel.upload("outbound", "MSG-5.xml", FILE);

            byte[] other = "<Other/>".getBytes(StandardCharsets.UTF_8);
            assertThatThrownBy(() -> channel.upload("outbound", "MSG-5.xml", other))
                    .isInstanceOf(BankFileException.class)
                    .hasMessage("upload refused: outbound/MSG-5.xml is already there with other content");
            assertThat(Files.readAllBytes(bank.outbound().resolve("MSG-5.xml"))).isEqualTo(FILE);
        }
    }

    @Test
    void replacesAPartFileLeftByAnUploadThatDied() throws IOException {
        Files.writeString(bank.outbound().resolve("MSG-6.xml.part"), "<Docu");

        try (SftpChannel channel = channel(SftpCredentials.password(PASSWORD))) {
            channel.upload("outbound", "MSG-6.xml", FILE);
        }

        assertThat(Files.readAllBytes(bank.outbound().resolve("MSG-6.xml"))).isEqualTo(FILE);
        assertThat(bank.outbound().resolve("MSG-6.xml.part")).doesNotExist();
    }

    @Test
    void listsCompleteFilesOnlyInNameOrder() throws IOException {
        Files.writeString(bank.inbound().resolve("b.xml"), "b");
        Files.writeString(bank.inbound().resolve("a.xml"), "a");
        Files.writeString(bank.inbound().resolve("c.xml.part"), "c");
        Files.createDirectories(bank.inbound().resolve("archive"));

        try (SftpChannel channel = channel(SftpCredentials.password(PASSWORD))) {
            assertThat(channel.list("inbound")).containsExactly("a.xml", "b.xml");
        }
    }

    @Test
    void reportsAMissingFileAsAFileProblem() {
        try (SftpChannel channel = channel(SftpCredentials.password(PASSWORD))) {
            assertThatThrownBy(() -> channel.read("inbound", "nothing.xml"))
                    .isInstanceOf(BankFileException.class)
                    .hasMessageContaining("read inbound/nothing.xml refused by the bank: SSH_FX_NO_SUCH_FILE");
        }
    }

    @Test
    void treatsAFileAlreadyMovedWithTheSameContentAsMoved() throws IOException {
        Files.createDirectories(bankRoot.resolve("archive"));
        Files.write(bankRoot.resolve("archive/STS-1.xml"), FILE);
        Files.write(bank.inbound().resolve("STS-1.xml"), FILE);

        try (SftpChannel channel = channel(SftpCredentials.password(PASSWORD))) {
            channel.move("inbound", "STS-1.xml", "archive");

            assertThat(channel.list("inbound")).isEmpty();
            assertThat(channel.list("archive")).containsExactly("STS-1.xml");
        }
    }

    @Test
    void refusesNamesThatLeaveTheirFolder() {
        try (SftpChannel channel = channel(SftpCredentials.password(PASSWORD))) {
            assertThatThrownBy(() -> channel.read("inbound", "../secret")).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> channel.list("..")).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> channel.upload("outbound", "a/b.xml", FILE))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> channel.upload("outbound", "x.xml.part", FILE))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void reportsAPortNobodyListensOnAsUnreachable() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        SftpSettings settings = new SftpSettings("127.0.0.1", closedPort, USER, SftpCredentials.password(PASSWORD),
                HostKeyPin.of(bank.hostKeyFingerprint()));

        try (SftpChannel channel = new MinaSftpChannel(settings)) {
            assertThatThrownBy(() -> channel.list("inbound"))
                    .isInstanceOf(BankUnreachableException.class)
                    .hasMessageContaining("127.0.0.1:" + closedPort);
        }
    }

    @Test
    void givesUpOnAServerThatNeverSpeaksSshWithinTheConnectTimeout() throws IOException {
        try (ServerSocket silent = new ServerSocket(0)) {
            SftpSettings settings = new SftpSettings("127.0.0.1", silent.getLocalPort(), USER,
                    SftpCredentials.password(PASSWORD), HostKeyPin.of(bank.hostKeyFingerprint()),
                    Duration.ofMillis(500), Duration.ofMillis(500));
            Instant started = Instant.now();

            try (SftpChannel channel = new MinaSftpChannel(settings)) {
                assertThatThrownBy(() -> channel.list("inbound")).isInstanceOf(BankUnreachableException.class);
            }

            assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void connectsAgainAfterTheBankWentAway() {
        KeyPair hostKey = BankSftpServer.generateHostKey();
        bank.close();
        bank = BankSftpServer.start(bankRoot, BankLogin.withPassword(USER, PASSWORD), 0, hostKey);
        int port = bank.port();
        try (SftpChannel channel = channel(SftpCredentials.password(PASSWORD))) {
            assertThat(channel.list("outbound")).isEmpty();
            bank.close();

            assertThatThrownBy(() -> channel.list("outbound")).isInstanceOf(BankUnreachableException.class);

            bank = BankSftpServer.start(bankRoot, BankLogin.withPassword(USER, PASSWORD), port, hostKey);
            channel.upload("outbound", "MSG-7.xml", FILE);
            assertThat(channel.list("outbound")).containsExactly("MSG-7.xml");
        }
    }

    private SftpChannel channel(SftpCredentials credentials) {
        return new MinaSftpChannel(bank.clientSettings(credentials));
    }
}
