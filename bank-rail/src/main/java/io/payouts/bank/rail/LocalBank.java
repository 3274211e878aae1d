package io.payouts.bank.rail;

import io.payouts.bank.sftp.SftpCredentials;
import io.payouts.bank.sftp.SftpSettings;
import io.payouts.bank.simulator.BankLogin;
import io.payouts.bank.simulator.BankSftpServer;
import io.payouts.bank.simulator.BankSimulator;
import io.payouts.bank.simulator.SimulatedAccount;
import io.payouts.bank.simulator.SimulatorRules;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

/**
 * A simulated bank in this process ({@code PAYOUTS_BANK_SIMULATOR=true}), for local runs and tests: its SFTP server
 * on a loopback port with a login made for this run, its back office answering every file by its rules. The rail's
 * SFTP client is pointed at it with its host key pinned, so nothing needs configuring; the files it exchanged stay
 * under its directory ({@code outbound}, {@code inbound}, {@code archive}) for anyone to read.
 */
public final class LocalBank implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalBank.class);
    private static final String USERNAME = "payouts";
    private static final Duration ROUND = Duration.ofMillis(500);

    private final BankSftpServer server;
    private final BankSimulator simulator;
    private final String password;

    private LocalBank(BankSftpServer server, BankSimulator simulator, String password) {
        this.server = server;
        this.simulator = simulator;
        this.password = password;
    }

    static LocalBank start(BankRailProperties.Simulator settings, CompanyAccount company, Clock clock) {
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        BankSftpServer server = BankSftpServer.start(Path.of(settings.directory()),
                BankLogin.withPassword(USERNAME, password), settings.port(), BankSftpServer.generateHostKey());
        BankSimulator simulator = new BankSimulator(server, new SimulatedAccount(company.debtor().account(),
                company.currency()), rules(settings.rejectAccounts(), settings.returnAccounts()), clock);
        simulator.start(ROUND);
        log.warn("A SIMULATED BANK answers production payouts: SFTP on {}:{}, its files under {}", server.host(),
                server.port(), server.root());
        return new LocalBank(server, simulator, password);
    }

    /** How the rail's client reaches the simulated bank, its host key pinned. */
    SftpSettings clientSettings() {
        return server.clientSettings(SftpCredentials.password(password));
    }

    /** The simulated back office: change its rules, credit a top-up, see what it received. */
    public BankSimulator simulator() {
        return simulator;
    }

    /** The simulated bank's SFTP server and the directory its folders live in. */
    public BankSftpServer server() {
        return server;
    }

    @Override
    public void close() {
        simulator.close();
        server.close();
    }

    /** Rules from {@code <account number or IBAN>:<reason code>} entries; accepts everything else. */
    static SimulatorRules rules(List<String> rejected, List<String> returned) {
        SimulatorRules rules = SimulatorRules.acceptAll();
        for (String entry : rejected) {
            String[] rule = split(entry, "payouts.bank.simulator.reject-accounts");
            rules = rules.rejectingAccount(rule[0], rule[1]);
        }
        for (String entry : returned) {
            String[] rule = split(entry, "payouts.bank.simulator.return-accounts");
            rules = rules.returningAccount(rule[0], rule[1]);
        }
        return rules;
    }

    private static String[] split(String entry, String setting) {
        String[] rule = entry.strip().split(":");
        if (rule.length != 2 || rule[0].isBlank() || !rule[1].matches("[A-Z0-9]{4}")) {
            throw new IllegalStateException(setting + " takes <account number or IBAN>:<reason code> entries, such "
                    + "as 0000066666:AC01");
        }
        return rule;
    }
}
