package io.payouts.rail;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;

import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Payouts for the rail tests, made through the command side (as the payout endpoints do) in the sandbox, and
 * their streams read back from the event store.
 */
final class RailPayouts {

    static final WalletId SANDBOX_WALLET = WalletId.of(Mode.SANDBOX);
    private static final Set<Class<?>> TERMINAL =
            Set.of(PayoutCompletedEvent.class, PayoutFailedEvent.class, PayoutCanceledEvent.class);

    private final Commands commands;
    private final EventStore eventStore;
    private final Clock clock;

    RailPayouts(CommandGateway commands, EventStore eventStore, Clock clock) {
        this.commands = new Commands(commands);
        this.eventStore = eventStore;
        this.clock = clock;
    }

    /** Adds available funds to the sandbox wallet; the sandbox may settle the top-up itself first. */
    void fund(long amount) {
        TransactionId topUp = new TransactionId(TransactionId.PREFIX + hex());
        commands.send(new RequestTopUpCommand(SANDBOX_WALLET, Mode.SANDBOX, topUp, amount, "rail test",
                TopUpMethod.BANK_TRANSFER, clock.instant()), Origin.NONE);
        try {
            commands.send(new SettleTopUpCommand(SANDBOX_WALLET, topUp, "rail test", clock.instant()), Origin.NONE);
        } catch (DomainException settledBySandbox) {
            // the sandbox settles top-ups as soon as they are requested; the refusal crosses the bus as data
            //, so it is known by its code, not by its class
            if (settledBySandbox.code() != ErrorCode.NOT_FOUND) {
                throw settledBySandbox;
            }
        }
    }

    PayoutRequest request(DriverId driver, long amount, Rail rail, boolean failOnRail) {
        long fee = rail == Rail.INSTANT ? 50 : 0;
        return new PayoutRequest(new PayoutId(PayoutId.PREFIX + hex()), Mode.SANDBOX, driver, amount, fee, rail,
                "rail test", null, null, failOnRail ? "payout_failed" : null, null, null, clock.instant());
    }

    /** Admits new payouts and asserts every one was accepted. */
    void admit(PayoutRequest... requests) {
        AdmissionOutcome.Outcomes outcome = commands.send(new AdmitPayoutsCommand(SANDBOX_WALLET,
                List.of(requests), List.of(), clock.instant()), Origin.NONE);
        assertThat(outcome.outcomes()).allSatisfy(admitted -> assertThat(admitted.admitted()).isTrue());
    }

    /** Retries failed payouts and asserts every one was accepted. */
    void retry(PayoutId... payouts) {
        List<AdmitPayoutsCommand.PayoutRetry> retries = Arrays.stream(payouts)
                .map(payout -> new AdmitPayoutsCommand.PayoutRetry(payout, null, null)).toList();
        AdmissionOutcome.Outcomes outcome = commands.send(new AdmitPayoutsCommand(SANDBOX_WALLET, List.of(),
                retries, clock.instant()), Origin.NONE);
        assertThat(outcome.outcomes()).allSatisfy(admitted -> assertThat(admitted.admitted()).isTrue());
    }

    /** The payload types of the payout's stream, oldest first. */
    List<Class<?>> events(PayoutId payout) {
        return eventStore.readEvents(payout.value()).asStream().map(EventMessage::getPayloadType)
                .<Class<?>>map(type -> type).toList();
    }

    Class<?> last(PayoutId payout) {
        List<Class<?>> events = events(payout);
        return events.isEmpty() ? null : events.get(events.size() - 1);
    }

    <T> T lastPayload(PayoutId payout, Class<T> type) {
        List<? extends DomainEventMessage<?>> events =
                eventStore.readEvents(payout.value()).asStream().toList();
        return type.cast(events.get(events.size() - 1).getPayload());
    }

    long terminalEvents(PayoutId payout) {
        return events(payout).stream().filter(TERMINAL::contains).count();
    }

    static String hex() {
        return UUID.randomUUID().toString().replace("-", "");
    }
}
