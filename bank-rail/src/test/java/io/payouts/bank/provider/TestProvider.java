package io.payouts.bank.provider;

import io.payouts.bank.reach.PayoutStreams;
import io.payouts.bank.reach.RailProblems;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.zaxxer.hikari.HikariDataSource;
import io.payouts.rail.RailOutcomes;
import io.payouts.rail.RailPayment;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.PayeeAccount;
import io.payouts.shared.driver.PayeeAccounts;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import io.payouts.testsupport.Migrations;
import io.payouts.testsupport.TestPostgres;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.springframework.jdbc.core.JdbcTemplate;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;

/**
 * The provider rail on a database of its own, talking to a WireMock provider, with the command bus recorded instead
 * of the aggregates: attempts are handed over as the hand-off would, and senders made as the service makes them.
 */
final class TestProvider implements AutoCloseable {

    static final String PATH = "/v1/payouts";
    static final String SECRET = "whsec_provider_test_0123456789abcdef";
    static final String ROUTING_NUMBER = "011000015";

    final JdbcTemplate jdbc;
    final RecordingCommands commands = new RecordingCommands();
    final ProviderOutbox outbox;
    final ProviderLink link;
    private final Set<DriverId> withoutAccount = ConcurrentHashMap.newKeySet();
    private final HikariDataSource dataSource;
    private final Clock clock = Clock.systemUTC();
    private final int port;
    private WireMockServer provider;

    TestProvider() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(database.url());
        dataSource.setUsername(database.username());
        dataSource.setPassword(database.password());
        dataSource.setMaximumPoolSize(8);
        Migrations.migrate(dataSource, "bank-rail");
        jdbc = new JdbcTemplate(dataSource);
        outbox = new ProviderOutbox(jdbc);
        link = new ProviderLink(jdbc, clock);
        provider = new WireMockServer(WireMockConfiguration.options().dynamicPort());
        provider.start();
        port = provider.port();
    }

    WireMockServer provider() {
        return provider;
    }

    /** Stops the provider: its port refuses connections until {@link #restartProvider()}. */
    void stopProvider() {
        provider.stop();
    }

    /** The provider again, on the same port, answering as {@code stubs} sets it up. */
    void restartProvider() {
        provider = new WireMockServer(WireMockConfiguration.options().port(port));
        provider.start();
    }

    /** A sender as the service makes one, its requests timing out after {@code timeout}. */
    ProviderSubmission sender(Duration timeout) {
        RailOutcomes outcomes = RailOutcomes.reportedBy(commands, ProviderPayoutRail.CALLER);
        PayoutStreams history = new PayoutStreams(EmbeddedEventStore.builder()
                .storageEngine(new InMemoryEventStorageEngine()).build());
        Claimant claimant = Claimant.of(timeout);
        PayeeAccounts payees = this::payeeOf;
        ProviderClient client = new ProviderClient(URI.create("http://localhost:" + port + PATH), SECRET, timeout,
                clock);
        return new ProviderSubmission(new AttemptPreparation(outbox, payees, outcomes, history, claimant, clock),
                new AttemptSending(outbox, client, link, new Backoff(Duration.ofMillis(50), Duration.ofMillis(200)),
                        claimant, clock),
                new AcceptedAttempts(outbox, outcomes, claimant, clock),
                new AttemptFailures(outbox, outcomes, history, new RailProblems(jdbc, clock), claimant, clock));
    }

    ProviderPayoutRail rail() {
        return new ProviderPayoutRail(outbox, clock);
    }

    /** A production payout handed over for its first attempt. */
    RailPayment handOver(Rail rail, long netAmount) {
        RailPayment payment = new RailPayment(new PayoutId("pay_" + hex()), Mode.PRODUCTION,
                new DriverId("drv_" + hex()), netAmount, rail, false, 0);
        rail().pay(List.of(payment));
        return payment;
    }

    void takeAccountOf(DriverId driverId) {
        withoutAccount.add(driverId);
    }

    String stateOf(RailPayment payment) {
        return jdbc.queryForObject("select state from provider_payment where idempotency_key = ?", String.class,
                Attempt.idempotencyKeyOf(payment.payoutId(), payment.attempt()));
    }

    /** Every request the provider received, oldest first. */
    List<LoggedRequest> requests() {
        return provider.findAll(postRequestedFor(urlEqualTo(PATH)));
    }

    static String accountNumberOf(DriverId driverId) {
        return "00" + Math.abs(driverId.value().hashCode() % 100_000_000);
    }

    private Optional<PayeeAccount> payeeOf(DriverId driverId, Mode mode) {
        if (withoutAccount.contains(driverId)) {
            return Optional.empty();
        }
        return Optional.of(new PayeeAccount("Driver " + driverId.value().substring(4, 10), "US", ROUTING_NUMBER,
                accountNumberOf(driverId), BankAccountType.SAVINGS, null, null));
    }

    private static String hex() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    @Override
    public void close() {
        provider.stop();
        dataSource.close();
    }
}
