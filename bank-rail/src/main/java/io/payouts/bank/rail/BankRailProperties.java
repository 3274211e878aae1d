package io.payouts.bank.rail;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;
import java.util.List;

/**
 * The bank rail's settings ({@code payouts.bank}, README "Configuration"). Bound only when production pays through a
 * bank ({@code payouts.rail.production=iso20022}); {@link CompanyAccount} and {@link BankConnection} check them at
 * start and say which one is wrong.
 *
 * @param cutoff       standard payouts go out in one file per cut-off: every {@code cutoff}, counted from midnight UTC
 * @param pollInterval how often waiting files are sent and the bank's answers read; instant payouts go within one;
 *                     a cut-off's file does not wait for it
 */
@ConfigurationProperties("payouts.bank")
public record BankRailProperties(@DefaultValue("1m") Duration cutoff, @DefaultValue("250ms") Duration pollInterval,
                                 @DefaultValue Debtor debtor, @DefaultValue Sftp sftp,
                                 @DefaultValue Simulator simulator) {

    public BankRailProperties {
        if (cutoff.isNegative() || cutoff.toSeconds() < 1) {
            throw new IllegalArgumentException("payouts.bank.cutoff (PAYOUTS_BANK_CUTOFF) must be at least 1s, was "
                    + cutoff);
        }
        if (pollInterval.isNegative() || pollInterval.toMillis() < 10) {
            throw new IllegalArgumentException("payouts.bank.poll-interval (PAYOUTS_BANK_POLL_INTERVAL) must be at "
                    + "least 10ms, was " + pollInterval);
        }
    }

    /**
     * The company's account every payment is paid from: a US account (routing and account number, checking or
     * savings) or an IBAN with its bank's BIC.
     */
    public record Debtor(String name, String routingNumber, String accountNumber,
                         @DefaultValue("checking") String accountType, String iban, String bic) {
    }

    /**
     * The bank's SFTP server: password or private key (inline or a file), the bank's host key pinned (an OpenSSH
     * public key line or its SHA256 fingerprint), and the folders files go to, come from and are archived in.
     */
    public record Sftp(String host, @DefaultValue("22") int port, String username, String password, String privateKey,
                       String privateKeyFile, String hostKey, @DefaultValue("outbound") String outboundFolder,
                       @DefaultValue("inbound") String inboundFolder, @DefaultValue("archive") String archiveFolder,
                       @DefaultValue("15s") Duration connectTimeout, @DefaultValue("30s") Duration operationTimeout) {

        @Override
        public String toString() {
            return "Sftp[" + username + "@" + host + ":" + port + "]";
        }
    }

    /**
     * A simulated bank in this process, for local runs: on loopback, its files under {@code directory}, its host key
     * pinned without configuration. It rejects payments to {@code rejectAccounts} and returns payments to
     * {@code returnAccounts} after settling them, each given as {@code <account number or IBAN>:<reason code>}.
     */
    public record Simulator(@DefaultValue("false") boolean enabled, @DefaultValue("./data/bank") String directory,
                            @DefaultValue("0") int port, @DefaultValue List<String> rejectAccounts,
                            @DefaultValue List<String> returnAccounts) {
    }
}
