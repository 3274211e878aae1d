package io.payouts.query.wallet;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.Migrations;
import io.payouts.testsupport.TestPostgres;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * V33 gives the funding transactions of an existing database their events' global positions and the balances of
 * the stream's order, as a rebuild makes them; where the events are not in the database (Axon Server), the
 * transactions keep the order they were applied in, before every stored event.
 */
@DatabaseTest
class StreamOrderMigrationTest {

    private static final String SANDBOX_WALLET = "wallet_sandbox";
    private static final String PAYOUT = String.format("pay_%032x", 1);
    private static final String DEBIT = String.format("txn_%032x", 1);

    private DriverManagerDataSource dataSource;
    private JdbcTemplate jdbc;

    @BeforeEach
    void aDatabaseMigratedBeforeV33() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        dataSource = new DriverManagerDataSource(database.url(), database.username(), database.password());
        jdbc = new JdbcTemplate(dataSource);
        flyway().target("31").load().migrate();
        jdbc.update("""
                insert into wallet_balance_view (id, mode, available, pending, in_transit, ledger, transaction_count,
                    opened_at, updated_at, wallet_version)
                values ('wallet_sandbox', 'SANDBOX', 70000, 0, 0, 70000, 4, now(), now(), 3)""");
    }

    /**
     * The live processor met the second top-up's settlement after the return credit stored above it: the rows it
     * wrote number and balance them in that order.
     */
    @Test
    void transactionsWhoseEventsAreStoredTakeTheirPositionsAndTheBalancesOfTheStreamsOrder() {
        long first = settled(SANDBOX_WALLET, "a", 50_000);
        long completed = event(PAYOUT, "io.payouts.shared.payout.PayoutCompletedEvent", "{\"payoutId\":{\"value\":\""
                + PAYOUT + "\"},\"mode\":\"SANDBOX\",\"amount\":10000}");
        long second = settled(SANDBOX_WALLET, "b", 20_000);
        long returned = event(SANDBOX_WALLET, "io.payouts.shared.wallet.ReturnedFundsCreditedEvent",
                "{\"transactionId\":{\"value\":\"" + id("c") + "\"},\"amount\":10000}");
        long production = settled("wallet_production", "d", 9_000);
        legacyRow(id("a"), "SANDBOX", "CREDIT", 50_000, 50_000, 1);
        legacyRow(DEBIT, "SANDBOX", "DEBIT", 10_000, 40_000, 2);
        legacyRow(id("c"), "SANDBOX", "CREDIT", 10_000, 50_000, 3);
        legacyRow(id("b"), "SANDBOX", "CREDIT", 20_000, 70_000, 4);
        legacyRow(id("d"), "PRODUCTION", "CREDIT", 9_000, 9_000, 1);

        flyway().load().migrate();

        assertThat(jdbc.queryForList("""
                        select id || ' ' || global_position || ' ' || balance from funding_transaction_view
                        order by mode desc, global_position""", String.class))
                .containsExactly(id("a") + " " + first + " 50000", DEBIT + " " + completed + " 40000",
                        id("b") + " " + second + " 60000", id("c") + " " + returned + " 70000",
                        id("d") + " " + production + " 9000");
        assertThat(jdbc.queryForObject("select count(*) from wallet_balance_view", Long.class))
                .as("the wallet's figures do not depend on the order").isOne();
    }

    /** With the events in Axon Server, a rebuild of the wallet projection places the older transactions exactly. */
    @Test
    void transactionsWhoseEventsAreNotInTheDatabaseKeepTheirOrderBeforeEveryStoredEvent() {
        legacyRow(id("a"), "SANDBOX", "CREDIT", 50_000, 50_000, 1);
        legacyRow(DEBIT, "SANDBOX", "DEBIT", 10_000, 40_000, 2);
        legacyRow(id("b"), "SANDBOX", "CREDIT", 20_000, 60_000, 3);
        legacyRow(id("d"), "PRODUCTION", "CREDIT", 9_000, 9_000, 1);
        long stored = settled(SANDBOX_WALLET, "c", 5_000);
        legacyRow(id("c"), "SANDBOX", "CREDIT", 5_000, 65_000, 4);

        flyway().load().migrate();

        assertThat(jdbc.queryForList("""
                        select id || ' ' || global_position || ' ' || balance from funding_transaction_view
                        order by mode desc, global_position""", String.class))
                .containsExactly(id("a") + " -4 50000", DEBIT + " -3 40000", id("b") + " -2 60000",
                        id("c") + " " + stored + " 65000", id("d") + " -1 9000");
    }

    private FluentConfiguration flyway() {
        return Flyway.configure().dataSource(dataSource).locations(Migrations.locations("query-side", "payout-rail"));
    }

    private static String id(String digit) {
        return "txn_" + digit.repeat(32);
    }

    private long settled(String walletId, String digit, long amount) {
        return event(walletId, "io.payouts.shared.wallet.TopUpSettledEvent",
                "{\"transactionId\":{\"value\":\"" + id(digit) + "\"},\"amount\":" + amount + "}");
    }

    /** Stores an event with the parts of its payload V33 reads; its global position. */
    private long event(String aggregateId, String payloadType, String payload) {
        long sequence = jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                Long.class, aggregateId);
        return jdbc.queryForObject("""
                        insert into domain_event_entry (event_identifier, aggregate_identifier, sequence_number, type,
                            payload_type, payload_revision, payload, meta_data, time_stamp)
                        values (gen_random_uuid()::text, ?, ?, 'Wallet', ?, '1', ?, ?, '2026-01-01T00:00:00Z')
                        returning global_index""", Long.class,
                aggregateId, sequence, payloadType, payload.getBytes(StandardCharsets.UTF_8),
                "{}".getBytes(StandardCharsets.UTF_8));
    }

    private void legacyRow(String id, String mode, String type, long amount, long balance, long position) {
        jdbc.update("""
                insert into funding_transaction_view (id, mode, type, amount, balance, description, payout_id,
                    created_at, position)
                values (?, ?, ?, ?, ?, null, ?, now(), ?)""",
                id, mode, type, amount, balance, type.equals("DEBIT") ? PAYOUT : null, position);
    }
}
