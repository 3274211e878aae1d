package io.payouts.query.bankaccount;

import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.FindDriverBankAccountQuery;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;

import static io.payouts.query.ReadModelIndexesFixtures.driverId;

/**
 * The bank account read the API serves, and the bank account projection's load and its part in a sandbox reset, by
 * name.
 */
public final class ReadModelIndexesBankAccountReads {

    private ReadModelIndexesBankAccountReads() {
    }

    public static Map<String, Callable<?>> over(JdbcTemplate jdbc, EventStore events) {
        BankAccountRows rows = new BankAccountRows(jdbc);
        BankAccountQueryHandler accounts = new BankAccountQueryHandler(rows,
                new BankAccountHistory(events, DiscardedStreams.NONE), ConsistencyFixtures.streamHeads(jdbc));
        Map<String, Callable<?>> reads = new LinkedHashMap<>();
        reads.put("GET /drivers/{id}/bank-account", () -> accounts.handle(new FindDriverBankAccountQuery(
                Mode.PRODUCTION, new DriverId(driverId(12_345)))));
        reads.put("bank account projection: load rows by id", () -> rows.byIds(IntStream.rangeClosed(5_001, 5_100)
                .mapToObj(n -> driverId(n)).toList()));
        reads.put("bank account projection: forget the sandbox", () -> {
            rows.deleteMode(Mode.SANDBOX);
            return Mode.SANDBOX;
        });
        return reads;
    }
}
