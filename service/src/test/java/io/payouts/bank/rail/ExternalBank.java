package io.payouts.bank.rail;

import io.payouts.bank.iso20022.AccountType;
import io.payouts.bank.iso20022.UsBankAccount;
import io.payouts.bank.simulator.BankLogin;
import io.payouts.bank.simulator.BankSftpServer;
import io.payouts.bank.simulator.BankSimulator;
import io.payouts.bank.simulator.SimulatedAccount;
import io.payouts.bank.simulator.SimulatorRules;

import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulated bank the test runs itself, outside the service, reached as a real bank is: by the SFTP settings and the
 * pinned host key. It can be stopped and started again on the same port, host key and folders, as a bank that was
 * out of reach for a while.
 */
final class ExternalBank implements AutoCloseable {

    static final String USERNAME = "acme";
    static final String PASSWORD = "bank test password";
    static final String ROUTING_NUMBER = "021000021";
    static final String ACCOUNT_NUMBER = "4000123456";

    private final Path directory;
    private final KeyPair hostKey = BankSftpServer.generateHostKey();
    private int port;
    private BankSftpServer server;
    private BankSimulator simulator;

    ExternalBank(Path directory) {
        this.directory = directory;
        start();
    }

    synchronized void start() {
        server = BankSftpServer.start(directory, BankLogin.withPassword(USERNAME, PASSWORD), port, hostKey);
        port = server.port();
        simulator = new BankSimulator(server, new SimulatedAccount(new UsBankAccount(ROUTING_NUMBER, ACCOUNT_NUMBER,
                AccountType.CHECKING), "USD"), SimulatorRules.acceptAll(), Clock.systemUTC());
        simulator.start(Duration.ofMillis(300));
    }

    synchronized void stop() {
        simulator.close();
        server.close();
    }

    Path outbound() {
        return directory.resolve(BankSftpServer.OUTBOUND);
    }

    /** Arguments that point the service's bank rail at this bank and name the company's account there. */
    List<String> arguments() {
        return new ArrayList<>(List.of("--payouts.bank.sftp.host=127.0.0.1", "--payouts.bank.sftp.port=" + port,
                "--payouts.bank.sftp.username=" + USERNAME, "--payouts.bank.sftp.password=" + PASSWORD,
                "--payouts.bank.sftp.host-key=" + server.hostPublicKey(),
                "--payouts.bank.sftp.connect-timeout=2s", "--payouts.bank.debtor.name=Acme Rides Inc",
                "--payouts.bank.debtor.routing-number=" + ROUTING_NUMBER,
                "--payouts.bank.debtor.account-number=" + ACCOUNT_NUMBER));
    }

    @Override
    public void close() {
        stop();
    }
}
