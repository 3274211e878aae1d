package io.payouts.command.payout;

import io.payouts.command.InMemoryCommandSide;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where production's rail sends money to a bank account, a driver without one is refused at admission like any
 * driver who cannot be paid (ADR-0017): nothing reserved, nothing created, the rest of the batch paid.
 */
class BankAccountAdmissionTest {

    private static final WalletId PRODUCTION_WALLET = WalletId.of(Mode.PRODUCTION);
    private static final DriverId WITHOUT_ACCOUNT = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId WITH_ACCOUNT = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final PayoutId FIRST = new PayoutId(String.format("pay_%032x", 1));
    private static final PayoutId SECOND = new PayoutId(String.format("pay_%032x", 2));
    private static final Instant FUNDED_AT = Instant.parse("2025-01-15T08:00:00Z");
    private static final Instant ADMITTED_AT = Instant.parse("2025-01-15T09:00:00Z");

    private EmbeddedEventStore eventStore;
    private CommandGateway commands;

    @BeforeEach
    void setUp() {
        InMemoryCommandSide side = new InMemoryCommandSide();
        side.drivers.withoutNeededBankAccount(WITHOUT_ACCOUNT, Mode.PRODUCTION).payable(WITH_ACCOUNT, Mode.PRODUCTION);
        side.with(new PayoutAdmission(side.wallets, side.payouts, side.drivers));
        eventStore = side.eventStore;
        commands = side.commands;
    }

    @AfterEach
    void tearDown() {
        eventStore.shutDown();
    }

    @Test
    void refusesAPayoutToADriverWithoutTheBankAccountTheRailNeedsAndPaysTheRest() {
        fund(10_000);

        AdmissionOutcome.Outcomes outcomes = commands.sendAndWait(new AdmitPayoutsCommand(PRODUCTION_WALLET,
                List.of(request(FIRST, WITHOUT_ACCOUNT), request(SECOND, WITH_ACCOUNT)), List.of(), ADMITTED_AT));

        assertThat(outcomes.get(0).refusal().code()).isEqualTo(ErrorCode.DRIVER_NOT_PAYABLE);
        assertThat(outcomes.get(0).refusal().message()).contains("no bank account");
        assertThat(outcomes.get(0).refusal().details()).containsKey("driverId");
        assertThat(outcomes.get(1).admitted()).isTrue();
        assertThat(eventStore.readEvents(FIRST.value()).asStream().toList()).as("never created").isEmpty();
        assertThat(eventStore.readEvents(PRODUCTION_WALLET.value()).asStream().map(DomainEventMessage::getPayload)
                .filter(FundsReservedEvent.class::isInstance).map(FundsReservedEvent.class::cast)
                .flatMap(reserved -> reserved.reservations().stream()).toList())
                .as("never reserved").containsExactly(new Reservation(SECOND, 2_500));
    }

    private static PayoutRequest request(PayoutId payoutId, DriverId driverId) {
        return new PayoutRequest(payoutId, Mode.PRODUCTION, driverId, 2_500, 0, Rail.STANDARD, "week 3", null, null,
                null, "req_" + payoutId.value(), "key_dispatch", ADMITTED_AT);
    }

    private void fund(long amount) {
        TransactionId transactionId = new TransactionId(String.format("txn_%032x", 1));
        commands.sendAndWait(new RequestTopUpCommand(PRODUCTION_WALLET, Mode.PRODUCTION, transactionId, amount,
                "float", TopUpMethod.ACH, FUNDED_AT));
        commands.sendAndWait(new SettleTopUpCommand(PRODUCTION_WALLET, transactionId, "automatic", FUNDED_AT));
    }
}
