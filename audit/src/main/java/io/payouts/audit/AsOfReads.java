package io.payouts.audit;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.query.payout.PayoutAsOf;
import io.payouts.query.wallet.WalletMovements;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.wallet.WalletBalance;
import org.springframework.stereotype.Component;

import java.time.Instant;

/**
 * Answers as of an instant (ADR-0027): the balance from the movements each event made, dated by the events
 * (ADR-0044), and a payout folded from its stream up to it; what the service answered then, never today's figures.
 * {@code asOf} is ISO 8601 with an offset and not later than the request; anything else is a 400 naming it.
 */
@Component
public class AsOfReads {

    public static final String PARAMETER = "asOf";

    private final WalletMovements movements;
    private final PayoutAsOf payouts;
    private final ListCatchUp catchUp;

    AsOfReads(WalletMovements movements, PayoutAsOf payouts, ListCatchUp catchUp) {
        this.movements = movements;
        this.payouts = payouts;
        this.catchUp = catchUp;
    }

    /** The instant a request received at {@code now} asks about; a 400 naming {@code asOf} when malformed or later. */
    public static Instant instant(String asOf, Instant now) {
        Instant instant = QueryInstants.parse(PARAMETER, asOf);
        if (instant.isAfter(now)) {
            throw new InvalidFieldException(PARAMETER, "must not be later than now");
        }
        return instant;
    }

    /** The sums of the wallet's movements dated up to {@code asOf}: its events and the mode's payout completions. */
    public WalletBalance balance(Mode mode, Instant asOf) {
        catchUp.await(ProcessingGroups.WALLET_PROJECTION);
        return movements.balanceAsOf(mode, asOf);
    }

    /** A 404 when the payout did not exist yet at {@code asOf}. */
    public PayoutSummary payout(Mode mode, PayoutId payoutId, Instant asOf) {
        return payouts.find(mode, payoutId, asOf).orElseThrow(() -> new PayoutNotFoundException(payoutId.value()));
    }
}
