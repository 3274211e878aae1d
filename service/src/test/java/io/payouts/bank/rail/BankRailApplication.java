package io.payouts.bank.rail;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.PayoutServiceApplication;
import io.payouts.bank.iso20022.CreditTransferInitiation;
import io.payouts.bank.iso20022.Pain001Reader;
import io.payouts.bank.iso20022.PaymentInstruction;
import io.payouts.service.platform.Poller;
import io.payouts.service.support.Api;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.PayeeAccount;
import io.payouts.shared.driver.PayeeAccounts;
import io.payouts.testsupport.TestPostgres;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The service paying production through a bank, for the bank rail's tests: started on a database of its own (or a
 * shared one), with a production key, verified production drivers whose bank accounts are put on file through the
 * API, and a funded production wallet. The bank is the in-process simulator, or one the test runs and names in {@code more}. A service in another
 * process is reached the same way over HTTP ({@link #remote}).
 */
final class BankRailApplication implements AutoCloseable {

    static final String OWNER_EMAIL = "owner@bank.example";
    static final String OWNER_PASSWORD = "bank rail test owner";
    /** A valid ABA routing number: the simulated bank pays any, and decides by the account number. */
    static final String ROUTING_NUMBER = "011000015";

    private final ConfigurableApplicationContext context;
    private final Api owner;
    private Api production;

    private BankRailApplication(ConfigurableApplicationContext context) {
        this(context, Api.of(context));
    }

    private BankRailApplication(ConfigurableApplicationContext context, Api server) {
        this.context = context;
        this.owner = server.signedIn(OWNER_EMAIL, OWNER_PASSWORD);
    }

    /** A service another process runs, reached over HTTP only. */
    static BankRailApplication remote(Api server) {
        return new BankRailApplication(null, server);
    }

    /** An application the Spring test framework started (and closes). */
    static BankRailApplication of(ConfigurableApplicationContext context) {
        return new BankRailApplication(context);
    }

    /** With the simulated bank in process, its files under {@code bankDirectory}. */
    static BankRailApplication withSimulatedBank(TestPostgres.TestDatabase database, Path bankDirectory,
                                                 String... more) {
        List<String> arguments = new ArrayList<>(List.of("--payouts.bank.simulator.enabled=true",
                "--payouts.bank.simulator.directory=" + bankDirectory));
        arguments.addAll(List.of(more));
        return start(database, arguments.toArray(String[]::new));
    }

    /** Paying production through a bank, configured by {@code more}. */
    static BankRailApplication start(TestPostgres.TestDatabase database, String... more) {
        List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--payouts.owner.email=" + OWNER_EMAIL,
                "--payouts.owner.password=" + OWNER_PASSWORD, "--payouts.rail.production=iso20022",
                "--payouts.bank.cutoff=2s", "--payouts.bank.poll-interval=200ms",
                "--payouts.rate-limit.capacity=1000000", "--payouts.rate-limit.refill-per-minute=1000000",
                "--payouts.sandbox.kyc-verification-delay=1h"));
        arguments.addAll(List.of(more));
        return new BankRailApplication(new SpringApplicationBuilder(PayoutServiceApplication.class)
                .run(database.asArguments(arguments.toArray(String[]::new))));
    }

    ConfigurableApplicationContext context() {
        return context;
    }

    LocalBank bank() {
        return context.getBean(LocalBank.class);
    }

    /** Owner's session: admin endpoints. */
    Api owner() {
        return owner;
    }

    /** A production API key with every scope, approved by the owner. */
    Api production() {
        if (production == null) {
            String id = owner.createKey("production", Api.ALL_SCOPES).body().path("id").asText();
            Api.Response approved = owner.post("/api/v1/admin/api-keys/" + id + "/approve", "{}");
            assertThat(approved.status()).as("approving a production key: %s", approved).isEqualTo(200);
            production = owner.withBearer(approved.body().path("key").asText());
        }
        return production;
    }

    /** A production driver, KYC-verified, with an account of its own on file. */
    DriverId payableDriver() {
        return payableDriver(newAccountNumber());
    }

    /**
     * A production driver, KYC-verified, paid into US checking account {@code accountNumber}: one of the simulated
     * bank's rules (an account it rejects or returns) or one of the driver's own.
     */
    DriverId payableDriver(String accountNumber) {
        DriverId driver = new DriverId(production().registerDriver().path("id").asText());
        Api.Response verified = production().post("/api/v1/drivers/" + driver.value() + "/kyc",
                "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying %s: %s", driver, verified).isEqualTo(200);
        setAccount(driver, accountNumber);
        return driver;
    }

    /** Puts US checking account {@code accountNumber} on file for the driver, in place of the one there. */
    void setAccount(DriverId driver, String accountNumber) {
        Api.Response account = production().put(bankAccountPath(driver), """
                {"holderName":"Ana Diaz","country":"US","routingNumber":"%s","accountNumber":"%s",\
                "accountType":"checking"}""".formatted(ROUTING_NUMBER, accountNumber));
        assertThat(account.status()).as("the account of %s: %s", driver, account).isEqualTo(200);
    }

    /** The driver's account as the rail reads it, which it then keeps in memory while the driver's events stand. */
    Optional<PayeeAccount> readAccount(DriverId driver) {
        return context.getBean(PayeeAccounts.class).find(driver, Mode.PRODUCTION);
    }

    /** Takes the driver's account off file, as its client would. */
    void removeAccount(DriverId driver) {
        Api.Response removed = production().delete(bankAccountPath(driver));
        assertThat(removed.status()).as("removing the account of %s: %s", driver, removed).isEqualTo(200);
    }

    /** Twelve digits, new in this run: no rule of the simulated bank applies to it. */
    static String newAccountNumber() {
        return String.valueOf(ThreadLocalRandom.current().nextLong(100_000_000_000L, 999_999_999_999L));
    }

    private static String bankAccountPath(DriverId driver) {
        return "/api/v1/drivers/" + driver.value() + "/bank-account";
    }

    /**
     * Runs {@code work} while this instance builds and sends no file (its sending rounds stopped, the round under
     * way finished), and starts them again after it.
     */
    <T> T whileSendingNothing(Supplier<T> work) {
        Poller sending = context.getBean("bankSubmissionPolling", Poller.class);
        sending.stop();
        try {
            return work.get();
        } finally {
            sending.start();
        }
    }

    /** Tops the production wallet up by {@code cents}, settled by the owner. */
    void fund(long cents) {
        String topUp = requestTopUp(cents).id();
        Api.Response settled = owner.post("/api/v1/admin/funding/topups/" + topUp + "/settle", "{}");
        assertThat(settled.status()).as("settling %s: %s", topUp, settled).isEqualTo(200);
    }

    /** A pending production top-up of {@code cents}: its id and the reference to quote on the transfer. */
    TopUp requestTopUp(long cents) {
        Api.Response requested = production().post("/api/v1/funding/topup", "{\"amount\":" + cents
                + ",\"method\":\"wire\"}");
        assertThat(requested.status()).as("a top-up: %s", requested).isEqualTo(200);
        String id = requested.data().path("transactionId").asText();
        assertThat("txn_" + requested.data().path("reference").asText()).isEqualTo(id);
        return new TopUp(id, requested.data().path("reference").asText());
    }

    record TopUp(String id, String reference) {
    }

    String pay(DriverId driver, long cents) {
        return payout("/api/v1/payouts", driver, cents);
    }

    String payInstantly(DriverId driver, long cents) {
        return payout("/api/v1/payouts/instant", driver, cents);
    }

    private String payout(String path, DriverId driver, long cents) {
        Api.Response created = production().post(path, "{\"driverId\":\"" + driver.value() + "\",\"amount\":"
                + cents + "}");
        assertThat(created.status()).as("a payout: %s", created).isEqualTo(200);
        return created.data().path("id").asText();
    }

    JsonNode payout(String payoutId) {
        Api.Response read = production().get("/api/v1/payouts/" + payoutId);
        assertThat(read.status()).as("reading %s: %s", payoutId, read).isEqualTo(200);
        return read.data();
    }

    JsonNode awaitStatus(String payoutId, String status) {
        await("payout " + payoutId + " " + status).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> payout(payoutId).path("status").asText().equals(status));
        return payout(payoutId);
    }

    /** The public events of a payout, oldest first (the audit API). */
    List<JsonNode> history(String payoutId) {
        Api.Response history = production().get("/api/v1/payouts/" + payoutId + "/history?pageSize=100");
        assertThat(history.status()).as("history of %s: %s", payoutId, history).isEqualTo(200);
        List<JsonNode> events = new ArrayList<>();
        history.data().path("items").forEach(events::add);
        return events;
    }

    long available() {
        return production().get("/api/v1/balance").data().path("available").asLong();
    }

    /** Every pain.001 the bank received in {@code outbound}, read back. */
    static List<CreditTransferInitiation> filesIn(Path outbound) {
        try (Stream<Path> files = Files.list(outbound)) {
            return files.filter(file -> file.getFileName().toString().startsWith("pain001-")
                            && file.getFileName().toString().endsWith(".xml"))
                    .sorted().map(BankRailApplication::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The end-to-end ids of every payment in every file the bank received, repeats included. */
    static List<String> endToEndIdsIn(Path outbound) {
        return filesIn(outbound).stream().flatMap(file -> file.blocks().stream())
                .flatMap(block -> block.instructions().stream()).map(PaymentInstruction::endToEndId).toList();
    }

    private static CreditTransferInitiation read(Path file) {
        try {
            return new Pain001Reader().read(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (context != null) {
            context.close();
        }
    }
}
