package io.payouts.sandbox;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.platform.ids.IdGenerator;
import io.payouts.platform.stream.EventStreamPositions;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.EmailAddress;
import io.payouts.shared.driver.KycOutcome;
import io.payouts.shared.driver.PhoneNumber;
import io.payouts.shared.driver.RecordKycOutcomeCommand;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.FeeSchedule;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Plants a realistic sandbox world (ADR-0015) as a sequence of small steps, each through the same commands the API
 * sends: a funded wallet, a dozen KYC-verified drivers and a few still pending, and payouts in every state the
 * simulated rail can leave them in, and a weekly batch scheduled a week ahead. A further step joins {@link #STEPS}.
 */
public class SandboxSeed {

    public static final long FUNDING = 5_000_000;
    static final int VERIFIED_DRIVERS = 12;
    static final int PENDING_DRIVERS = 3;
    static final String SETTLED_BY = "sandbox:seed";
    public static final int SCHEDULED_BATCH_PAYOUTS = 4;
    static final Duration SCHEDULED_BATCH_AHEAD = Duration.ofDays(7);

    private static final List<String> NAMES = List.of("Ana Diaz", "Ben Okafor", "Chen Wei", "Dara Murphy",
            "Elif Yilmaz", "Farah Haddad", "Goran Petrovic", "Hana Sato", "Ivan Morales", "Jade Nguyen",
            "Kwame Mensah", "Lena Fischer", "Mateo Rossi", "Nia Williams", "Omar Khan");

    /** One step of seeding: sends its commands and records what it made. */
    @FunctionalInterface
    interface Step {
        void plant(SandboxSeed seed, Seeding seeding);
    }

    /**
     * The steps, in order; each may use what the earlier ones made. The sample drivers come first: their ids are
     * fixed, so a second seed is refused before it writes anything.
     */
    static final List<Step> STEPS = List.of(
            SandboxSeed::registerDrivers,
            SandboxSeed::fundWallet,
            SandboxSeed::completedPayouts,
            SandboxSeed::failedPayout,
            SandboxSeed::canceledPayout,
            SandboxSeed::payoutsOnTheRail,
            SandboxSeed::scheduledBatch);

    private final Commands commands;
    private final EventStreamPositions caughtUp;
    private final IdGenerator ids;
    private final FeeSchedule fees;
    private final Duration catchUpTimeout;

    SandboxSeed(Commands commands, EventStreamPositions caughtUp, IdGenerator ids, FeeSchedule fees,
                Duration catchUpTimeout) {
        this.commands = commands;
        this.caughtUp = caughtUp;
        this.ids = ids;
        this.fees = fees;
        this.catchUpTimeout = catchUpTimeout;
    }

    /**
     * Plants the world and waits until the read models show it (every processor has applied every event stored by
     * then), so that the lists show it at once; returns what was made. If event processing is too far behind, the
     * world stands and the lists show it a moment later. Every command goes on behalf of {@code request}, received at
     * {@code at}.
     */
    public Seeding seed(Origin request, Instant at) {
        Seeding seeding = new Seeding(request, at);
        STEPS.forEach(step -> step.plant(this, seeding));
        caughtUp.awaitCaughtUp(caughtUp.head(), catchUpTimeout);
        return seeding;
    }

    private void fundWallet(Seeding seeding) {
        WalletId wallet = WalletId.of(Mode.SANDBOX);
        TransactionId topUp = ids.newTransactionId();
        send(new RequestTopUpCommand(wallet, Mode.SANDBOX, topUp, FUNDING, "sandbox seed funding", TopUpMethod.BANK_TRANSFER,
                seeding.at()), seeding);
        try {
            send(new SettleTopUpCommand(wallet, topUp, SETTLED_BY, seeding.at()), seeding);
        } catch (DomainException settledAlready) {
            if (settledAlready.code() != ErrorCode.NOT_FOUND) {
                throw settledAlready;
            }
            // the sandbox's automatic settlement was quicker
        }
    }

    private void registerDrivers(Seeding seeding) {
        for (int i = 0; i < VERIFIED_DRIVERS + PENDING_DRIVERS; i++) {
            DriverId driver = ids.newDriverId();
            String name = NAMES.get(i % NAMES.size());
            String handle = name.toLowerCase().replace(' ', '.');
            // Registered as kyc_pending, so that exactly the drivers verified below are verified.
            RegisterDriverCommand registration = new RegisterDriverCommand(driver, Mode.SANDBOX,
                    "seed-" + handle.replace('.', '-'), new DriverProfile(name, new EmailAddress(handle + "@example.com"),
                    new PhoneNumber("+1415555" + String.format("%04d", 1000 + i))), seeding.at());
            try {
                sendAs(registration, seeding, MetadataKeys.KYC_PENDING_SCENARIO);
            } catch (DomainException refused) {
                throw refused.code() == ErrorCode.CONFLICT ? new SandboxAlreadySeededException() : refused;
            }
            if (i < VERIFIED_DRIVERS) {
                send(new RecordKycOutcomeCommand(driver, Mode.SANDBOX, KycOutcome.VERIFIED, null, seeding.at()),
                        seeding);
                seeding.verified.add(driver);
            }
            seeding.drivers.add(driver);
        }
    }

    private void completedPayouts(Seeding seeding) {
        for (int i = 0; i < 3; i++) {
            PayoutId payout = admit(seeding, 12_500 + 2_500L * i, Rail.STANDARD, false);
            moveThroughTheRail(payout, seeding);
            send(new CompletePayoutCommand(payout, seeding.at()), seeding);
        }
    }

    private void failedPayout(Seeding seeding) {
        PayoutId payout = admit(seeding, 9_900, Rail.STANDARD, true);
        moveThroughTheRail(payout, seeding);
        send(new FailPayoutCommand(payout, "sandbox seed: the bank refused the transfer", seeding.at()), seeding);
    }

    private void canceledPayout(Seeding seeding) {
        PayoutId payout = admit(seeding, 7_000, Rail.STANDARD, false);
        send(new CancelPayoutCommand(payout, Mode.SANDBOX, seeding.at()), seeding);
    }

    /** Left to the simulated rail: standard payouts it queues and pays, instant ones it is already processing. */
    private void payoutsOnTheRail(Seeding seeding) {
        admit(seeding, 15_000, Rail.STANDARD, false);
        admit(seeding, 22_000, Rail.STANDARD, false);
        admit(seeding, 18_000, Rail.INSTANT, false);
        admit(seeding, 31_000, Rail.INSTANT, false);
    }

    /**
     * A weekly batch for the first verified drivers, released by its schedule a week from now: it shows in the
     * scheduled list, its stats and the funding projection. Its payouts are pending and reserve nothing yet.
     */
    private void scheduledBatch(Seeding seeding) {
        List<PayoutRequest> payouts = new ArrayList<>();
        for (int i = 0; i < SCHEDULED_BATCH_PAYOUTS; i++) {
            payouts.add(request(seeding, seeding.verified.get(i), 40_000 + 5_000L * i, Rail.STANDARD,
                    "sandbox seed: weekly settlement", "seed-week-" + (i + 1), null));
        }
        BatchId batch = ids.newBatchId();
        send(new CreateBatchCommand(batch, Mode.SANDBOX, WalletId.of(Mode.SANDBOX), "Weekly driver settlement",
                Rail.STANDARD, seeding.at().plus(SCHEDULED_BATCH_AHEAD), payouts, seeding.at()), seeding);
        payouts.forEach(payout -> seeding.payouts.add(payout.payoutId()));
        seeding.batches.add(batch);
    }

    /** The rail may queue a new payout first; either way it ends up processing. */
    private void moveThroughTheRail(PayoutId payout, Seeding seeding) {
        try {
            send(new QueuePayoutCommand(payout, seeding.at()), seeding);
        } catch (DomainException queuedByTheRail) {
            if (queuedByTheRail.code() != ErrorCode.INVALID_STATE) {
                throw queuedByTheRail;
            }
            // the simulated rail queued it already
        }
        send(new StartPayoutProcessingCommand(payout, seeding.at()), seeding);
    }

    private PayoutId admit(Seeding seeding, long amount, Rail rail, boolean failOnRail) {
        String scenario = failOnRail ? MetadataKeys.PAYOUT_FAILED_SCENARIO : null;
        DriverId driver = seeding.verified.get(seeding.payouts.size() % seeding.verified.size());
        PayoutRequest request = request(seeding, driver, amount, rail, "sandbox seed payout",
                "seed-load-" + (seeding.payouts.size() + 1), scenario);
        PayoutId payout = request.payoutId();
        AdmissionOutcome.Outcomes outcomes = send(new AdmitPayoutsCommand(WalletId.of(Mode.SANDBOX),
                List.of(request), List.of(), seeding.at()), seeding);
        AdmissionOutcome outcome = outcomes.get(0);
        if (!outcome.admitted()) {
            throw outcome.refusal().toException();
        }
        seeding.payouts.add(payout);
        return payout;
    }

    /** A new sandbox payout with its rail's fee, on behalf of the seeding request, in the scenario given (or none). */
    private PayoutRequest request(Seeding seeding, DriverId driver, long amount, Rail rail, String description,
                                  String loadId, String scenario) {
        Origin origin = seeding.request;
        return new PayoutRequest(ids.newPayoutId(), Mode.SANDBOX, driver, amount, fees.feeFor(rail, amount), rail,
                description, loadId, null, scenario, origin.requestId(), origin.caller(), seeding.at());
    }

    private <R> R send(Object command, Seeding seeding) {
        return sendAs(command, seeding, null);
    }

    /** On behalf of the seeding request, in the scenario given rather than the request's (none for null). */
    private <R> R sendAs(Object command, Seeding seeding, String scenario) {
        return commands.send(command, seeding.request.inScenario(scenario));
    }

    /** What the steps made so far, and the request they act for. */
    public static final class Seeding {

        private final Origin request;
        private final Instant at;
        final List<DriverId> drivers = new ArrayList<>();
        final List<DriverId> verified = new ArrayList<>();
        final List<PayoutId> payouts = new ArrayList<>();
        final List<BatchId> batches = new ArrayList<>();

        Seeding(Origin request, Instant at) {
            this.request = request;
            this.at = at;
        }

        Instant at() {
            return at;
        }

        public int driverCount() {
            return drivers.size();
        }

        public int payoutCount() {
            return payouts.size();
        }
    }
}
