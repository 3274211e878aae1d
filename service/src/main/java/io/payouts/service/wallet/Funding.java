package io.payouts.service.wallet;

import io.payouts.audit.AsOfReads;
import io.payouts.platform.ids.IdGenerator;
import io.payouts.service.access.OwnersAndAdmins;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.Money;
import io.payouts.shared.wallet.FindFundingAlertQuery;
import io.payouts.shared.wallet.FindFundingProjectionQuery;
import io.payouts.shared.wallet.FindFundingStatementQuery;
import io.payouts.shared.wallet.FindFundingTransactionsQuery;
import io.payouts.shared.wallet.FindTopUpsQuery;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.FundingAlert;
import io.payouts.shared.wallet.FundingProjection;
import io.payouts.shared.wallet.FundingStatement;
import io.payouts.shared.wallet.FundingTransactionPage;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.SetLowBalanceAlertCommand;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TopUpNotPendingException;
import io.payouts.shared.wallet.TopUpPage;
import io.payouts.shared.wallet.TopUpSettlement;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletBalance;
import io.payouts.shared.wallet.WalletId;
import org.springframework.stereotype.Service;

import java.time.Instant;
import java.time.ZoneOffset;

/**
 * What can be done with a mode's wallet, whoever asks: the endpoints only map HTTP onto it. A top-up or settlement
 * answers from its own command's result, not the read models, however soon the sandbox settles it.
 */
@Service
class Funding {

    private final Gateways gateways;
    private final IdGenerator ids;
    private final AsOfReads asOfReads;
    private final OwnersAndAdmins ownersAndAdmins;

    Funding(Gateways gateways, IdGenerator ids, AsOfReads asOfReads, OwnersAndAdmins ownersAndAdmins) {
        this.gateways = gateways;
        this.ids = ids;
        this.asOfReads = asOfReads;
        this.ownersAndAdmins = ownersAndAdmins;
    }

    /** A top-up asked for, pending until the money arrives, and what was available when it was asked for. */
    record TopUpRequested(TransactionId transactionId, long amount, long available) {
    }

    TopUpRequested topUp(long amount, String description, TopUpMethod method, RequestContext context) {
        Money.requireAmount("amount", amount);
        Mode mode = context.mode();
        TransactionId transactionId = ids.newTransactionId();
        context.writes("top_up", transactionId.value());
        Long available = gateways.sendForResult(new RequestTopUpCommand(WalletId.of(mode), mode, transactionId, amount,
                description, method, context.receivedAt()), context);
        return new TopUpRequested(transactionId, amount, available);
    }

    /** Settles a pending production top-up: its amount becomes available. */
    TopUpSettlement settle(TransactionId transactionId, RequestContext context) {
        try {
            return gateways.sendForResult(new SettleTopUpCommand(WalletId.of(Mode.PRODUCTION), transactionId,
                    context.requireCaller().userId(), context.receivedAt()), context);
        } catch (DomainException refused) {
            // no wallet yet: nothing can be pending in it
            throw refused.code() == ErrorCode.NOT_FOUND ? new TopUpNotPendingException(transactionId.value())
                    : refused;
        }
    }

    WalletBalance balance(RequestContext context) {
        return gateways.query(new FindWalletBalanceQuery(context.mode()), WalletBalance.class);
    }

    /** As it was answered at that instant, from the events (ADR-0027). */
    WalletBalance balanceAsOf(Instant instant, RequestContext context) {
        return asOfReads.balance(context.mode(), instant);
    }

    FundingTransactionPage transactions(FindFundingTransactionsQuery query) {
        return gateways.query(query, FundingTransactionPage.class);
    }

    TopUpPage topUps(FindTopUpsQuery query) {
        return gateways.query(query, TopUpPage.class);
    }

    /** The days ahead from today, UTC, as of the request. */
    FundingProjection projection(int days, RequestContext context) {
        return gateways.query(new FindFundingProjectionQuery(context.mode(), days,
                context.receivedAt().atZone(ZoneOffset.UTC).toLocalDate()), FundingProjection.class);
    }

    FundingStatement statement(FindFundingStatementQuery query) {
        return gateways.query(query, FundingStatement.class);
    }

    /** The low-balance alert with the balance it watches. */
    FundingAlertResponse alert(Mode mode) {
        FundingAlert alert = gateways.query(new FindFundingAlertQuery(mode), FundingAlert.class);
        WalletBalance balance = gateways.query(new FindWalletBalanceQuery(mode), WalletBalance.class);
        return FundingAlertResponse.of(alert, balance);
    }

    /** Only an owner or an admin may; {@code shortfallWithinDays} null stops watching the projection. */
    FundingAlertResponse setAlert(Long lowBalanceThreshold, Integer shortfallWithinDays, RequestContext context) {
        // who may set it is answered before what they sent: a developer learns nothing from the body's checks
        ownersAndAdmins.require(context.requireCaller(), "set the low-balance alert");
        if (lowBalanceThreshold == null) {
            throw new InvalidFieldException("lowBalanceThreshold", "is required");
        }
        Mode mode = context.mode();
        gateways.sendForResult(new SetLowBalanceAlertCommand(WalletId.of(mode), mode, lowBalanceThreshold,
                shortfallWithinDays, context.requireCaller().userId(), context.receivedAt()), context);
        return alert(mode);
    }
}
