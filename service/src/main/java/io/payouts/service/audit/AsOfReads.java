package io.payouts.service.audit;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.query.payout.PayoutAsOf;
import io.payouts.query.wallet.WalletBalanceAsOf;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.wallet.WalletBalance;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.eventhandling.DomainEventMessage;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;

/**
 * Answers as of an instant (ADR-0027), computed from the stored events up to it, never from today's read models: the
 * balance and a payout as the service answered them then. {@code asOf} is ISO 8601 with an offset and not later than
 * the request; anything else is a 400 naming it.
 */
@Component
public class AsOfReads {

    public static final String PARAMETER = "asOf";

    private final JdbcTemplate jdbc;
    private final StoredEventReader reader;
    private final PayoutAsOf payouts;
    private final ListCatchUp catchUp;
    private final StoredEventTable events;

    AsOfReads(JdbcTemplate jdbc, StoredEventReader reader, PayoutAsOf payouts, ListCatchUp catchUp,
              StoredEventTable events) {
        this.jdbc = jdbc;
        this.reader = reader;
        this.payouts = payouts;
        this.catchUp = catchUp;
        this.events = events;
    }

    /** The instant a request asks about; a 400 naming {@code asOf} when it is malformed or in the future. */
    public static Instant instant(String asOf, RequestContext context) {
        Instant instant = QueryInstants.parse(PARAMETER, asOf);
        if (instant.isAfter(context.receivedAt())) {
            throw new InvalidFieldException(PARAMETER, "must not be later than now");
        }
        return instant;
    }

    /**
     * The wallet's events and the mode's payout completions up to {@code asOf}, in the order they were stored. The
     * index's time is in microseconds, so it is asked a little beyond; the events' own times decide.
     */
    public WalletBalance balance(Mode mode, Instant asOf) {
        catchUp.await(ProcessingGroups.AUDIT_LOG);
        WalletBalanceAsOf balance = new WalletBalanceAsOf(mode);
        jdbc.query("select " + StoredEvent.COLUMNS + " from audit_event a join " + events.name() + " e"
                        + " on e.global_index = a.global_index where a.mode = ? and a.occurred_at <= ?"
                        + " and (a.aggregate_identifier = ? or a.type = 'payout.succeeded') order by a.global_index",
                row -> {
                    StoredEvent stored = StoredEvent.ROWS.mapRow(row, 0);
                    DomainEventMessage<?> event = reader.read(stored);
                    if (!event.getTimestamp().isAfter(asOf)) {
                        balance.apply(event.getPayload(), event.getSequenceNumber(), stored.globalIndex());
                    }
                }, mode.name(), Timestamp.from(asOf.plusMillis(1)), WalletId.of(mode).value());
        return balance.balance();
    }

    /** A 404 when the payout did not exist yet at {@code asOf}. */
    public PayoutSummary payout(Mode mode, PayoutId payoutId, Instant asOf) {
        return payouts.find(mode, payoutId, asOf).orElseThrow(() -> new PayoutNotFoundException(payoutId.value()));
    }
}
