package io.payouts.command.payout;

import io.payouts.command.InMemoryCommandSide;
import io.payouts.command.InMemoryDriverStandings;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReserveFundsCommand;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command side's payout handlers on Axon's in-memory infrastructure, for the payout tests that span the wallet
 * and several payouts. Admission and settlement span two aggregates (and admission creates several payouts at once;
 * rail moves load many), which one {@code AggregateTestFixture} cannot hold. Assertions read the stored events; the
 * wallet's available balance is probed through {@link ReserveFundsCommand}, the wallet's own rule.
 */
abstract class PayoutScenario {

    static final WalletId SANDBOX_WALLET = WalletId.of(Mode.SANDBOX);
    static final WalletId PRODUCTION_WALLET = WalletId.of(Mode.PRODUCTION);

    static final PayoutId FIRST = payoutId(1);
    static final PayoutId SECOND = payoutId(2);
    static final PayoutId THIRD = payoutId(3);
    static final PayoutId FOURTH = payoutId(4);
    static final PayoutId PROBE = payoutId(0xfff);

    static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");

    static final Instant FUNDED_AT = Instant.parse("2025-01-15T08:00:00Z");
    static final Instant ADMITTED_AT = Instant.parse("2025-01-15T09:00:00Z");
    static final Instant MOVED_AT = Instant.parse("2025-01-15T09:00:10Z");
    static final Instant ENDED_AT = Instant.parse("2025-01-15T09:00:30Z");
    static final Instant RETRIED_AT = Instant.parse("2025-01-15T10:00:00Z");
    static final Instant PROBED_AT = Instant.parse("2025-01-15T23:00:00Z");

    static final DriverId INACTIVE_DRIVER = new DriverId("drv_" + "0".repeat(31) + "2");
    static final DriverId UNKNOWN_DRIVER = new DriverId("drv_" + "0".repeat(31) + "3");
    static final DriverId SECOND_MODE_DRIVER = new DriverId("drv_" + "0".repeat(31) + "4");

    EmbeddedEventStore eventStore;
    CommandGateway commands;
    InMemoryDriverStandings drivers;
    int topUps;

    @BeforeEach
    void setUp() {
        InMemoryCommandSide side = new InMemoryCommandSide();
        drivers = side.drivers.payable(DRIVER, Mode.SANDBOX).payable(DRIVER, Mode.PRODUCTION)
                .payable(INACTIVE_DRIVER, Mode.SANDBOX).deactivated(INACTIVE_DRIVER, Mode.SANDBOX);
        side.with(new PayoutAdmission(side.wallets, side.payouts, side.drivers))
                .with(new PayoutSettlement(side.wallets, side.payouts))
                .with(new PayoutRailMoves(side.payouts))
                .with(new PayoutApproval(side.payouts, side.wallets, side.drivers));
        eventStore = side.eventStore;
        commands = side.commands;
    }

    @AfterEach
    void tearDown() {
        eventStore.shutDown();
    }

    // helpers

    static PayoutId payoutId(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }

    static TransactionId transactionId(int n) {
        return new TransactionId(String.format("txn_%032x", n));
    }

    static PayoutRequest request(PayoutId payoutId, long amount) {
        return request(payoutId, amount, DRIVER, Rail.STANDARD);
    }

    static PayoutRequest request(PayoutId payoutId, long amount, DriverId driver, Rail rail) {
        long fee = rail == Rail.INSTANT ? 50 : 0;
        return new PayoutRequest(payoutId, Mode.SANDBOX, driver, amount, fee, rail, "week 3", null, null, null,
                "req_" + payoutId.value(), "key_dispatch", ADMITTED_AT);
    }

    static PayoutRequestedEvent requested(PayoutId payoutId, long amount) {
        return new PayoutRequestedEvent(payoutId, Mode.SANDBOX, SANDBOX_WALLET, DRIVER, amount, 0, amount,
                Rail.STANDARD, "week 3", null, ADMITTED_AT);
    }

    /** Requests and settles a top-up of {@code amount} in the mode's wallet. */
    void fund(Mode mode, long amount) {
        TransactionId transactionId = transactionId(++topUps);
        WalletId walletId = WalletId.of(mode);
        commands.sendAndWait(new RequestTopUpCommand(walletId, mode, transactionId, amount, "float", TopUpMethod.ACH, FUNDED_AT));
        commands.sendAndWait(new SettleTopUpCommand(walletId, transactionId, "automatic", FUNDED_AT));
    }

    AdmissionOutcome.Outcomes admit(WalletId walletId, PayoutRequest... requests) {
        return commands.sendAndWait(new AdmitPayoutsCommand(walletId, List.of(requests), List.of(), ADMITTED_AT));
    }

    AdmissionOutcome.Outcomes retry(WalletId walletId, PayoutId payoutId) {
        return commands.sendAndWait(new AdmitPayoutsCommand(walletId, List.of(),
                List.of(new AdmitPayoutsCommand.PayoutRetry(payoutId, "req_retry", "key_dispatch")), RETRIED_AT));
    }

    /** Moves planned from each payout's newest event, as the rail plans them. */
    AdvancePayoutsCommand.Result advance(AdvancePayoutsCommand.Step step, PayoutId... payoutIds) {
        return commands.sendAndWait(new AdvancePayoutsCommand(Mode.SANDBOX, Arrays.stream(payoutIds)
                .map(id -> new AdvancePayoutsCommand.Move(id, step, MOVED_AT,
                        eventStore.lastSequenceNumberFor(id.value()).orElse(-1L))).toList()));
    }

    List<Object> payoutEvents(PayoutId payoutId) {
        return eventStore.readEvents(payoutId.value()).asStream()
                .map(DomainEventMessage::getPayload).map(Object.class::cast).toList();
    }

    <E> List<E> walletEvents(WalletId walletId, Class<E> type) {
        return eventStore.readEvents(walletId.value()).asStream()
                .map(DomainEventMessage::getPayload).filter(type::isInstance).map(type::cast).toList();
    }

    /**
     * Asks the wallet itself: one cent more than {@code expected} is refused, {@code expected} is granted. Reserves
     * funds, so it ends a scenario.
     */
    void assertAvailable(WalletId walletId, long expected) {
        List<Reservation> tooMuch = commands.<ReserveFundsCommand.Result>sendAndWait(new ReserveFundsCommand(walletId,
                List.of(new Reservation(PROBE, expected + 1)), PROBED_AT)).granted();
        assertThat(tooMuch).as("reserving one cent more than %d", expected).isEmpty();
        if (expected > 0) {
            List<Reservation> exactly = commands.<ReserveFundsCommand.Result>sendAndWait(new ReserveFundsCommand(
                    walletId, List.of(new Reservation(PROBE, expected)), PROBED_AT)).granted();
            assertThat(exactly).as("reserving exactly %d", expected).containsExactly(new Reservation(PROBE, expected));
        }
    }
}
