package io.payouts.bank.rail;

import io.payouts.bank.simulator.BankSftpServer;
import io.payouts.bank.sftp.SftpSettings;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BankConnectionTest {

    private static final String HOST_KEY = "SHA256:" + "A".repeat(43);

    @Test
    void pinsTheBanksHostKeyAndLogsInWithAPassword() {
        SftpSettings settings = BankConnection.settings(sftp("bank.example", "acme", "s3cret", null, HOST_KEY));

        assertThat(settings.host()).isEqualTo("bank.example");
        assertThat(settings.hostKey().fingerprint()).isEqualTo(HOST_KEY);
        assertThat(settings.credentials().toString()).doesNotContain("s3cret");
    }

    @Test
    void takesTheBanksPublicKeyLineAsThePin() {
        String publicKey = PublicKeyEntry.toString(BankSftpServer.generateHostKey().getPublic());

        assertThat(BankConnection.settings(sftp("bank.example", "acme", "s3cret", null, publicKey)).hostKey()
                .fingerprint()).startsWith("SHA256:");
    }

    @Test
    void refusesToStartWithoutAPinnedHostKey() {
        assertThatThrownBy(() -> BankConnection.settings(sftp("bank.example", "acme", "s3cret", null, " ")))
                .hasMessageContaining("PAYOUTS_BANK_SFTP_HOST_KEY");
        assertThatThrownBy(() -> BankConnection.settings(sftp("bank.example", "acme", "s3cret", null, "not a key")))
                .hasMessageContaining("PAYOUTS_BANK_SFTP_HOST_KEY").hasMessageContaining("neither");
    }

    @Test
    void namesTheMissingLogin() {
        assertThatThrownBy(() -> BankConnection.settings(sftp(null, "acme", "s3cret", null, HOST_KEY)))
                .hasMessageContaining("PAYOUTS_BANK_SFTP_HOST");
        assertThatThrownBy(() -> BankConnection.settings(sftp("bank.example", "acme", null, null, HOST_KEY)))
                .hasMessageContaining("PAYOUTS_BANK_SFTP_PASSWORD").hasMessageContaining("PRIVATE_KEY");
        assertThatThrownBy(() -> BankConnection.settings(sftp("bank.example", "acme", "s3cret", "-----BEGIN", HOST_KEY)))
                .hasMessageContaining("either");
    }

    private static BankRailProperties.Sftp sftp(String host, String username, String password, String privateKey,
                                                String hostKey) {
        return new BankRailProperties.Sftp(host, 22, username, password, privateKey, null, hostKey, "outbound",
                "inbound", "archive", Duration.ofSeconds(15), Duration.ofSeconds(30));
    }
}
