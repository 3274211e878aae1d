package io.payouts.command.money;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.driver.DeactivateDriverCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.KycOutcome;
import io.payouts.shared.driver.RecordKycOutcomeCommand;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.FeeSchedule;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.payout.ReturnPayoutCommand;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.money.MoneyModel;
import io.payouts.testsupport.money.MoneyModel.NewPayout;
import io.payouts.testsupport.money.MoneyModel.Verdict;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.Tag;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random sequences of everything that moves money on the command side, held after every step to the reference
 * model ({@link MoneyModel}): top-ups and their settlement (twice, or for another amount), single, bulk and instant
 * payouts, retries, cancels, batches created, released, run and released on schedule, drivers verified, rejected and
 * deactivated, the rail's moves (queued, sent out, processing, completed, failed, returned), as single commands or
 * as the simulated rail's planned moves, stale or repeated, and the batch outcomes processor running late. After
 * every step the service answers as the model does, each payout has the model's status and version, each batch its
 * status, each wallet the model's available (in the aggregate and in its events), pending and in-transit funds, each
 * payout holds exactly its amount while it is on its way or paid, and the money is conserved to the cent.
 *
 * <p>{@code -Djqwik.tries.default} and {@code -Dmoney.model.steps} make the run longer (reliability/model.sh).
 */
@DatabaseTest
@Tag("database")
class MoneyModelTest {

    private static final int STEPS = Integer.getInteger("money.model.steps", 30);

    @Property
    void theCommandSideKeepsTheMoneyAsTheModelDoes(@ForAll("steps") ActionChain<World> chain) {
        chain.run();
    }

    @Provide
    Arbitrary<ActionChain<World>> steps() {
        return ActionChain.startWith(World::new)
                .withAction(6, new TopUp())
                .withAction(4, new SettleTopUp())
                .withAction(6, new Pay())
                .withAction(3, new Retry())
                .withAction(3, new Cancel())
                .withAction(6, new RailReport())
                .withAction(4, new RailAdvance())
                .withAction(3, new CreateBatch())
                .withAction(5, new ReleaseBatch())
                .withAction(3, new DeliverOutcomes())
                .withAction(1, new DriverChange())
                .withMaxTransformations(STEPS);
    }

    /** A step: its description is what a shrunk counterexample shows. */
    private static Transformer<World> step(String description, Consumer<World> body) {
        return Transformer.mutate(description, world -> {
            world.tick();
            body.accept(world);
            world.agree(description);
        });
    }

    private static Arbitrary<Mode> modes() {
        return Arbitraries.of(Mode.SANDBOX, Mode.PRODUCTION);
    }

    private static Arbitrary<Long> payoutAmounts() {
        return Arbitraries.longs().between(1, 6_000);
    }

    private static PayoutRequest request(World world, Mode mode, NewPayout payout) {
        return new PayoutRequest(new PayoutId(payout.payoutId()), mode, new DriverId(payout.driverId()),
                payout.amount(), payout.fee(), payout.rail(), "week 9", null, null, null, "req_" + payout.payoutId(),
                "key_model", world.at());
    }

    /** A new payout's fee, as the edge computes it; it agrees with the model's fee rule. */
    private static NewPayout newPayout(World world, String driverId, long amount, Rail rail) {
        long fee = FeeSchedule.DEFAULT.feeFor(rail, amount);
        assertThat(fee).as("fee of %s %d", rail, amount).isEqualTo(MoneyModel.fee(rail, amount));
        if (fee >= amount) {
            amount = fee + 1;
        }
        return new NewPayout(world.id("pay_"), driverId, amount, fee, rail);
    }

    // Funding

    /** A top-up, settled at once now and then, as the sandbox settles it within a second. */
    static final class TopUp implements Action.Independent<World> {
        @Override
        public Arbitrary<Transformer<World>> transformer() {
            return Combinators.combine(modes(), Arbitraries.longs().between(1_000, 30_000), Arbitraries.of(true, false))
                    .as((mode, amount, settled) -> step("top up " + mode + " " + amount
                            + (settled ? ", settled at once" : ""), world -> {
                        String transactionId = world.id("txn_");
                        Verdict expected = world.model.requestTopUp(mode, transactionId, amount);
                        World.verdict("top up", expected, world.service.send(new RequestTopUpCommand(
                                WalletId.of(mode), mode, new TransactionId(transactionId), amount, "float",
                                TopUpMethod.ACH, world.at())).refusal());
                        if (settled) {
                            World.verdict("settle", world.model.settleTopUp(mode, transactionId, null),
                                    world.service.send(new SettleTopUpCommand(WalletId.of(mode),
                                            new TransactionId(transactionId), "automatic", world.at())).refusal());
                        }
                    }));
        }
    }

    /** Settles a pending top-up, one already settled or unknown; as an admin does, or as the bank's credit. */
    static final class SettleTopUp implements Action.Dependent<World> {
        @Override
        public Arbitrary<Transformer<World>> transformer(World state) {
            List<Tuple.Tuple2<Mode, String>> known = new ArrayList<>();
            for (Mode mode : Mode.values()) {
                state.model.pendingTopUps(mode).forEach(transactionId -> known.add(Tuple.of(mode, transactionId)));
            }
            Arbitrary<Tuple.Tuple2<Mode, String>> unknown = modes().map(mode -> Tuple.of(mode,
                    "txn_" + "0".repeat(31) + "1"));
            Arbitrary<Tuple.Tuple2<Mode, String>> topUps = known.isEmpty() ? unknown
                    : Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.of(known)), Tuple.of(1, unknown));
            return Combinators.combine(topUps, Arbitraries.of("admin", "bank", "bank", "bank-other"))
                    .as((topUp, how) -> Tuple.of(topUp.get1(), topUp.get2(), how))
                    .map(settlement -> step("settle " + settlement.get1() + " " + settlement.get2() + " as "
                            + settlement.get3(), world -> {
                                Mode mode = settlement.get1();
                                String transactionId = settlement.get2();
                                String how = settlement.get3();
                                Long credited = switch (how) {
                                    case "bank" -> amountOf(world, mode, transactionId);
                                    case "bank-other" -> amountOf(world, mode, transactionId) + 1;
                                    default -> null;
                                };
                                Verdict expected = world.model.settleTopUp(mode, transactionId, credited);
                                World.verdict("settle", expected, world.service.send(new SettleTopUpCommand(
                                        WalletId.of(mode), new TransactionId(transactionId), how, world.at(),
                                        credited)).refusal());
                            }));
        }

        /** The top-up's own amount as the service stored it, or 1 for one it does not know. */
        private static long amountOf(World world, Mode mode, String transactionId) {
            Long amount = world.service.stored().wallets.get(mode).pendingTopUps.get(transactionId);
            return amount == null ? 1 : amount;
        }
    }

    // Payouts: single, instant, bulk, retried

    static final class Pay implements Action.Dependent<World> {
        @Override
        public Arbitrary<Transformer<World>> transformer(World state) {
            return modes().flatMap(mode -> {
                Arbitrary<NewPayoutSpec> item = Combinators.combine(state.driversFor(mode),
                        payoutAmounts(), Arbitraries.of(Rail.STANDARD, Rail.STANDARD, Rail.INSTANT))
                        .as(NewPayoutSpec::new);
                return item.list().ofMinSize(1).ofMaxSize(4).map(items -> step("pay " + mode + " " + items,
                        world -> {
                            List<NewPayout> payouts = items.stream()
                                    .map(spec -> newPayout(world, spec.driverId(), spec.amount(), spec.rail()))
                                    .toList();
                            List<Verdict> expected = world.model.admit(mode, payouts, List.of(), world.clock);
                            AdmissionOutcome.Outcomes outcomes = world.service.<AdmissionOutcome.Outcomes>send(
                                    new AdmitPayoutsCommand(WalletId.of(mode), payouts.stream()
                                            .map(payout -> request(world, mode, payout)).toList(), List.of(),
                                            world.at())).result();
                            compare("pay", expected, outcomes);
                        }));
            });
        }
    }

    record NewPayoutSpec(String driverId, long amount, Rail rail) {
        @Override
        public String toString() {
            return rail + " " + amount + " to " + driverId;
        }
    }

    private static void compare(String step, List<Verdict> expected, AdmissionOutcome.Outcomes outcomes) {
        assertThat(outcomes.outcomes()).as("%s: one outcome per entry", step).hasSize(expected.size());
        for (int entry = 0; entry < expected.size(); entry++) {
            AdmissionOutcome outcome = outcomes.get(entry);
            World.verdict(step + " entry " + entry, expected.get(entry),
                    outcome.admitted() ? null : outcome.refusal().code());
        }
    }

    /** Retries (one to three, maybe the same twice), alone or with a new payout in the same admission. */
    static final class Retry implements Action.Dependent<World> {
        @Override
        public boolean precondition(World state) {
            return !state.model.payouts().isEmpty();
        }

        @Override
        public Arbitrary<Transformer<World>> transformer(World state) {
            Arbitrary<List<String>> retries = state.payoutIds().list().ofMinSize(1).ofMaxSize(3);
            return Combinators.combine(modes(), retries, payoutAmounts().optional()).as((mode, payoutIds, extra) ->
                    step("retry " + mode + " " + payoutIds + extra.map(amount -> " with a new payout of " + amount)
                            .orElse(""), world -> {
                        List<NewPayout> payouts = extra.map(amount -> List.of(newPayout(world,
                                world.drivers.get(mode).get(0), amount, Rail.STANDARD))).orElse(List.of());
                        List<Verdict> expected = world.model.admit(mode, payouts, payoutIds, world.clock);
                        AdmissionOutcome.Outcomes outcomes = world.service.<AdmissionOutcome.Outcomes>send(
                                new AdmitPayoutsCommand(WalletId.of(mode), payouts.stream()
                                        .map(payout -> request(world, mode, payout)).toList(), payoutIds.stream()
                                        .map(id -> new AdmitPayoutsCommand.PayoutRetry(new PayoutId(id), "req_r",
                                                "key_model")).toList(), world.at())).result();
                        compare("retry", expected, outcomes);
                    }));
        }
    }

    static final class Cancel implements Action.Dependent<World> {
        @Override
        public boolean precondition(World state) {
            return !state.model.payouts().isEmpty();
        }

        @Override
        public Arbitrary<Transformer<World>> transformer(World state) {
            return Combinators.combine(state.payoutIds(), Arbitraries.of(true, true, true, false))
                    .as((payoutId, ownMode) -> step("cancel " + payoutId + (ownMode ? "" : " from the other mode"),
                            world -> {
                                Mode payoutMode = world.model.payout(payoutId).map(payout -> payout.mode)
                                        .orElse(Mode.SANDBOX);
                                Mode mode = ownMode ? payoutMode
                                        : payoutMode == Mode.SANDBOX ? Mode.PRODUCTION : Mode.SANDBOX;
                                Verdict expected = world.model.cancel(mode, payoutId, world.clock);
                                World.verdict("cancel", expected, world.service.send(new CancelPayoutCommand(
                                        new PayoutId(payoutId), mode, world.at())).refusal());
                            }));
        }
    }

    // The rail

    enum Report { QUEUED, SENT_OUT, PROCESSING, COMPLETED, FAILED, RETURNED }

    /** A rail's report as a single command: the bank rail's, the provider's, the inbound webhook's. */
    static final class RailReport implements Action.Dependent<World> {
        @Override
        public boolean precondition(World state) {
            return !state.model.payouts().isEmpty();
        }

        @Override
        public Arbitrary<Transformer<World>> transformer(World state) {
            return state.railPayoutIds().flatMap(payoutId -> {
                List<Report> fitting = state.model.payout(payoutId).map(RailReport::fitting).orElse(List.of());
                Arbitrary<Report> report = fitting.isEmpty() ? Arbitraries.of(Report.class)
                        : Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.of(fitting)),
                        Tuple.of(1, Arbitraries.of(Report.class)));
                return report.map(chosen -> Tuple.of(payoutId, chosen));
            }).map(chosen -> Tuple.of(chosen.get1(), chosen.get2()))
                    .map(chosen -> step("rail reports " + chosen.get1() + " " + chosen.get2(), world -> {
                        String payoutId = chosen.get1();
                        Report report = chosen.get2();
                        PayoutId id = new PayoutId(payoutId);
                        long at = world.clock;
                        Instant now = world.at();
                        switch (report) {
                            case QUEUED -> World.verdict("queued", world.model.queue(payoutId, false, at),
                                    world.service.send(new QueuePayoutCommand(id, now)).refusal());
                            case SENT_OUT -> World.verdict("sent out", world.model.queue(payoutId, true, at),
                                    world.service.send(new QueuePayoutCommand(id, now, "bank", "e2e-" + at))
                                            .refusal());
                            case PROCESSING -> World.verdict("processing", world.model.startProcessing(payoutId, at),
                                    world.service.send(new StartPayoutProcessingCommand(id, now)).refusal());
                            case COMPLETED -> World.verdict("completed", world.model.complete(payoutId, at),
                                    world.service.send(new CompletePayoutCommand(id, now)).refusal());
                            case FAILED -> World.verdict("failed", world.model.fail(payoutId, at),
                                    world.service.send(new FailPayoutCommand(id, "rail says no", now)).refusal());
                            case RETURNED -> World.verdict("returned", world.model.returned(payoutId, at),
                                    world.service.send(new ReturnPayoutCommand(id, "AC04 closed account",
                                            new TransactionId(world.id("txn_")), now)).refusal());
                        }
                    }));
        }

        /** What a rail could report next about this payout. */
        private static List<Report> fitting(MoneyModel.Payout payout) {
            return switch (payout.status()) {
                case VALIDATED -> List.of(Report.QUEUED, Report.SENT_OUT, Report.FAILED);
                case QUEUED -> List.of(Report.SENT_OUT, Report.PROCESSING, Report.COMPLETED, Report.FAILED);
                case PROCESSING -> List.of(Report.COMPLETED, Report.COMPLETED, Report.FAILED);
                case COMPLETED -> List.of(Report.RETURNED);
                default -> List.of();
            };
        }
    }

    /**
     * The simulated rail's planned moves, many in one command: each planned at the payout's version now, or at the
     * one before (a step planned before the payout moved on: late, or a repeat of a step made).
     */
    static final class RailAdvance implements Action.Dependent<World> {
        @Override
        public boolean precondition(World state) {
            return !state.model.payouts().isEmpty();
        }

        @Override
        public Arbitrary<Transformer<World>> transformer(World state) {
            Arbitrary<MoveSpec> move = state.railPayoutIds().flatMap(payoutId -> {
                MoneyModel.RailStep next = state.model.payout(payoutId).map(payout -> switch (payout.status()) {
                    case VALIDATED -> MoneyModel.RailStep.QUEUE;
                    case QUEUED -> MoneyModel.RailStep.START_PROCESSING;
                    default -> MoneyModel.RailStep.COMPLETE;
                }).orElse(MoneyModel.RailStep.QUEUE);
                Arbitrary<MoneyModel.RailStep> step = Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.just(next)),
                        Tuple.of(1, Arbitraries.of(MoneyModel.RailStep.class)));
                return Combinators.combine(step, Arbitraries.of(0, 0, 0, 1), Arbitraries.of(false, false, true))
                        .as((chosen, behind, sentOut) -> new MoveSpec(payoutId, chosen, behind, sentOut));
            });
            Arbitrary<List<MoveSpec>> moves = move.list().ofMinSize(1).ofMaxSize(3)
                    .uniqueElements(MoveSpec::payoutId);
            return Combinators.combine(modes(), moves).as((mode, planned) ->
                    step("rail advances " + mode + " " + planned, world -> {
                        List<Verdict> expected = new ArrayList<>();
                        List<AdvancePayoutsCommand.Move> commands = new ArrayList<>();
                        for (MoveSpec spec : planned) {
                            long version = world.model.payout(spec.payoutId()).map(MoneyModel.Payout::version)
                                    .orElse(0L) - spec.behind();
                            expected.add(world.model.advance(spec.payoutId(), spec.step(), version, spec.sentOut(),
                                    world.clock));
                            commands.add(new AdvancePayoutsCommand.Move(new PayoutId(spec.payoutId()),
                                    AdvancePayoutsCommand.Step.valueOf(spec.step().name()), world.at(), version,
                                    spec.sentOut() ? "bank" : null, spec.sentOut() ? "e2e-" + world.clock : null));
                        }
                        AdvancePayoutsCommand.Result result = world.service.<AdvancePayoutsCommand.Result>send(
                                new AdvancePayoutsCommand(mode, commands)).result();
                        for (int i = 0; i < planned.size(); i++) {
                            PayoutId payoutId = commands.get(i).payoutId();
                            World.verdict("move " + i, expected.get(i), result.refusals().containsKey(payoutId)
                                    ? result.refusals().get(payoutId).code() : null);
                        }
                    }));
        }
    }

    record MoveSpec(String payoutId, MoneyModel.RailStep step, int behind, boolean sentOut) {
        @Override
        public String toString() {
            return step + (sentOut ? " (sent out)" : "") + " " + payoutId + (behind > 0 ? " planned late" : "");
        }
    }

    // Batches

    static final class CreateBatch implements Action.Dependent<World> {
        @Override
        public Arbitrary<Transformer<World>> transformer(World state) {
            return modes().flatMap(mode -> Combinators.combine(Arbitraries.of(Rail.STANDARD, Rail.INSTANT),
                    Combinators.combine(state.batchDriversFor(mode), payoutAmounts())
                            .as((driverId, amount) -> new NewPayoutSpec(driverId, amount, Rail.STANDARD))
                            .list().ofMinSize(1).ofMaxSize(3)).as((rail, items) ->
                    step("create a " + rail + " batch in " + mode + " " + items, world -> {
                        String batchId = world.id("batch_");
                        List<NewPayout> payouts = items.stream()
                                .map(spec -> newPayout(world, spec.driverId(), spec.amount(), rail)).toList();
                        Verdict expected = world.model.createBatch(mode, batchId, payouts, false);
                        World.verdict("create batch", expected, world.service.send(new CreateBatchCommand(
                                new BatchId(batchId), mode, WalletId.of(mode), "week 9", rail, null, payouts.stream()
                                .map(payout -> request(world, mode, payout)).toList(), world.at())).refusal());
                    })));
        }
    }

    static final class ReleaseBatch implements Action.Dependent<World> {
        @Override
        public boolean precondition(World state) {
            return !state.model.batches().isEmpty();
        }

        @Override
        public Arbitrary<Transformer<World>> transformer(World state) {
            List<String> all = state.model.batches().stream().map(batch -> batch.id).toList();
            List<String> queued = state.model.batches().stream()
                    .filter(batch -> batch.status() == io.payouts.shared.batch.BatchStatus.QUEUED)
                    .map(batch -> batch.id).toList();
            Arbitrary<String> batchIds = Arbitraries.frequencyOf(
                    Tuple.of(queued.isEmpty() ? 0 : 8, queued.isEmpty() ? Arbitraries.of(all) : Arbitraries.of(queued)),
                    Tuple.of(2, Arbitraries.of(all)), Tuple.of(1, Arbitraries.just("batch_" + "f".repeat(32))));
            return Combinators.combine(batchIds, Arbitraries.of(ReleaseTrigger.class),
                    Arbitraries.of(true, true, true, true, true, true, false)).as((batchId, trigger, ownMode) ->
                    step(trigger + " " + batchId + (ownMode ? "" : " from the other mode"), world -> {
                        Mode batchMode = world.model.batch(batchId).map(batch -> batch.mode).orElse(Mode.SANDBOX);
                        Mode mode = ownMode ? batchMode : batchMode == Mode.SANDBOX ? Mode.PRODUCTION : Mode.SANDBOX;
                        Verdict expected = world.model.releaseBatch(mode, batchId, world.clock);
                        World.verdict("release", expected, world.service.send(new ReleaseBatchCommand(
                                new BatchId(batchId), mode, trigger, world.at())).refusal());
                    }));
        }
    }

    /** The batch outcomes processor catches up to where the store was a few steps ago, a few events a batch. */
    static final class DeliverOutcomes implements Action.Independent<World> {
        @Override
        public Arbitrary<Transformer<World>> transformer() {
            return Combinators.combine(Arbitraries.integers().between(0, 3), Arbitraries.integers().between(1, 5))
                    .as((stepsBehind, batchSize) -> step("batch outcomes catch up to " + stepsBehind
                            + " steps ago, " + batchSize + " events a batch", world -> {
                        int mark = world.serviceMarks.size() - 1 - stepsBehind;
                        if (mark >= 0) {
                            world.service.deliverOutcomesUpTo(world.serviceMarks.get(mark), batchSize);
                            world.model.deliverOutcomes(world.modelMarks.get(mark));
                        }
                        world.model.batches().forEach(batch -> Statistics.label("batches after catching up")
                                .collect(batch.status()));
                    }));
        }
    }

    // Drivers

    enum DriverMove { VERIFY, REJECT, DEACTIVATE }

    static final class DriverChange implements Action.Independent<World> {
        @Override
        public Arbitrary<Transformer<World>> transformer() {
            return Combinators.combine(modes(), Arbitraries.integers().between(0, 2), Arbitraries.of(DriverMove.class))
                    .as((mode, index, move) -> step(move + " driver " + index + " of " + mode, world -> {
                        String driverId = world.drivers.get(mode).get(index);
                        DriverId id = new DriverId(driverId);
                        switch (move) {
                            case VERIFY -> World.verdict("verify", world.model.verifyKyc(driverId, mode),
                                    world.service.send(new RecordKycOutcomeCommand(id, mode, KycOutcome.VERIFIED,
                                            null, world.at())).refusal());
                            case REJECT -> World.verdict("reject", world.model.rejectKyc(driverId, mode),
                                    world.service.send(new RecordKycOutcomeCommand(id, mode, KycOutcome.REJECTED,
                                            "documents unreadable", world.at())).refusal());
                            case DEACTIVATE -> World.verdict("deactivate", world.model.deactivate(driverId, mode),
                                    world.service.send(new DeactivateDriverCommand(id, mode, world.at()))
                                            .refusal());
                        }
                    }));
        }
    }
}
