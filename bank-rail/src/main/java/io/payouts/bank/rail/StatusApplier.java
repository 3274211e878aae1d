package io.payouts.bank.rail;

import io.payouts.bank.iso20022.EndToEndIds;
import io.payouts.bank.iso20022.PayoutAttempt;
import io.payouts.bank.reach.PayoutStreams;
import io.payouts.bank.reach.RailProblems;
import io.payouts.rail.RailOutcomes;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.TransactionId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Applies what a bank file says about its payments: {@link StatusPolicy} decides each, and the payments' new states
 * are recorded once the moves committed. Acceptances and settlements, a file's bulk, share commands
 * ({@link AdvancePayoutsCommand}), each planned at the version the rail's own moves left the payout at. A move refused
 * there, and every rejection and return, is made alone: a refusal counts as done if the payout's newest event is that
 * very move, else the payment is parked. Any other failure is thrown, so the file is read again.
 */
class StatusApplier {

    static final String PAIN_002 = "pain.002";
    static final String CAMT_054 = "camt.054";

    private static final int MOVES_PER_COMMAND = 500;
    private static final Logger log = LoggerFactory.getLogger(StatusApplier.class);

    private final OutboxPayments outbox;
    private final RailOutcomes outcomes;
    private final PayoutStreams streams;
    private final RailProblems problems;
    private final Clock clock;

    StatusApplier(OutboxPayments outbox, RailOutcomes outcomes, PayoutStreams streams, RailProblems problems,
                  Clock clock) {
        this.outbox = outbox;
        this.outcomes = outcomes;
        this.streams = streams;
        this.problems = problems;
        this.clock = clock;
    }

    /**
     * What a file says about one payment.
     *
     * @param reason the bank's, for a rejection or a return, such as {@code AC04 closed account number}
     */
    record Report(String endToEndId, Evidence evidence, String source, String reason) {
    }

    /** Applies a file's reports in their order; a payment reported twice in it meets its first report's outcome. */
    void apply(String fileName, List<Report> reports) {
        Map<String, OutboxPayment> payments = outbox.findAll(reports.stream().map(Report::endToEndId)
                .map(StatusApplier::normalized).flatMap(Optional::stream).toList());
        List<Move> moves = new ArrayList<>();
        for (Report report : reports) {
            OutboxPayment payment = known(fileName, report, payments);
            if (payment == null) {
                continue;
            }
            StatusPolicy.Decision decision = StatusPolicy.decide(payment.state(), payment.settledBy(),
                    report.evidence(), report.source());
            switch (decision.action()) {
                case PARK -> problems.park(fileName, payment.endToEndId(), payment.payoutId(), decision.reason());
                case CONFIRM -> log.debug("{} confirms {} of {}: nothing to do", fileName, report.evidence(),
                        payment.endToEndId());
                default -> {
                    moves.add(new Move(payment, decision, report));
                    payments.put(payment.endToEndId(), payment.after(decision.next(), report.source()));
                }
            }
        }
        make(fileName, moves);
    }

    private OutboxPayment known(String fileName, Report report, Map<String, OutboxPayment> payments) {
        Optional<PayoutAttempt> attempt = EndToEndIds.parse(report.endToEndId());
        if (attempt.isEmpty()) {
            problems.park(fileName, report.endToEndId(), null, "a " + report.source() + " names "
                    + report.endToEndId() + ", which is not an end-to-end id this service makes");
            return null;
        }
        OutboxPayment payment = payments.get(EndToEndIds.of(attempt.get().payoutId(), attempt.get().attempt()));
        if (payment == null) {
            problems.park(fileName, report.endToEndId(), new PayoutId(attempt.get().payoutId()), "a "
                    + report.source() + " reports on attempt " + attempt.get().attempt() + " of payout "
                    + attempt.get().payoutId() + ", which was never sent to the bank");
        }
        return payment;
    }

    /** Runs of moves that can share a command go together, a payment at most once per run; the rest one by one. */
    private void make(String fileName, List<Move> moves) {
        List<Move> together = new ArrayList<>();
        Set<String> inRun = new LinkedHashSet<>();
        for (Move move : moves) {
            boolean shared = move.sharesACommand();
            if (!shared || !inRun.add(move.payment().endToEndId()) || together.size() == MOVES_PER_COMMAND) {
                makeTogether(fileName, together);
                together = new ArrayList<>();
                inRun.clear();
                if (shared) {
                    inRun.add(move.payment().endToEndId());
                }
            }
            if (shared) {
                together.add(move);
            } else {
                makeAlone(fileName, move);
            }
        }
        makeTogether(fileName, together);
    }

    private void makeTogether(String fileName, List<Move> moves) {
        if (moves.isEmpty()) {
            return;
        }
        Instant now = clock.instant();
        AdvancePayoutsCommand.Result result = outcomes.advanced(Mode.PRODUCTION, moves.stream()
                .map(move -> new AdvancePayoutsCommand.Move(move.payment().payoutId(), move.step(), now,
                        move.payment().payoutVersion())).toList());
        Map<PayoutId, ?> refused = result == null ? Map.of() : result.refusals();
        List<OutboxPayments.StateChange> made = new ArrayList<>();
        for (Move move : moves) {
            if (refused.containsKey(move.payment().payoutId())) {
                makeAlone(fileName, move);
            } else {
                made.add(move.change());
            }
        }
        outbox.change(made, clock.instant());
    }

    private void makeAlone(String fileName, Move move) {
        OutboxPayment payment = move.payment();
        try {
            send(payment, move.decision().action(), move.report().reason(), clock.instant());
        } catch (DomainException refused) {
            if (refused.code() != ErrorCode.INVALID_STATE || !madeBefore(payment.payoutId(), move.decision().action())) {
                problems.park(fileName, payment.endToEndId(), payment.payoutId(), "the payout refuses what the "
                        + move.report().source() + " reports: " + refused.getMessage());
                return;
            }
        }
        outbox.change(List.of(move.change()), clock.instant());
    }

    private void send(OutboxPayment payment, StatusPolicy.Action action, String reason, Instant at) {
        switch (action) {
            case PROCESS -> {
                if (payment.rail() == Rail.STANDARD) {
                    outcomes.processing(payment.payoutId(), Mode.PRODUCTION, at);
                }
            }
            case COMPLETE -> outcomes.completed(payment.payoutId(), Mode.PRODUCTION, at);
            case FAIL -> outcomes.failed(payment.payoutId(), Mode.PRODUCTION, reason, at);
            case RETURN -> outcomes.returned(payment.payoutId(), Mode.PRODUCTION, reason,
                    returnCreditOf(payment.endToEndId()), at);
            default -> throw new IllegalArgumentException("not a move: " + action);
        }
    }

    /** Whether the payout's newest event is the move this action makes: the rail made it before a crash. */
    private boolean madeBefore(PayoutId payoutId, StatusPolicy.Action action) {
        Object newest = streams.newest(payoutId).orElse(null);
        return switch (action) {
            case PROCESS -> newest instanceof PayoutProcessingStartedEvent;
            case COMPLETE -> newest instanceof PayoutCompletedEvent;
            case FAIL -> newest instanceof PayoutFailedEvent;
            case RETURN -> newest instanceof PayoutReturnedEvent;
            default -> false;
        };
    }

    private static Optional<String> normalized(String endToEndId) {
        return EndToEndIds.parse(endToEndId).map(attempt -> EndToEndIds.of(attempt.payoutId(), attempt.attempt()));
    }

    /** The credit of a returned attempt has an id of its own, the same each time the return is reported. */
    static TransactionId returnCreditOf(String endToEndId) {
        UUID id = UUID.nameUUIDFromBytes(("returned " + endToEndId).getBytes(StandardCharsets.UTF_8));
        return new TransactionId(TransactionId.PREFIX + id.toString().replace("-", ""));
    }

    /** A decided move of one payment, and the report that asked for it. */
    private record Move(OutboxPayment payment, StatusPolicy.Decision decision, Report report) {

        /**
         * Acceptances and settlements are rail steps a batch command makes; an instant payout's acceptance moves
         * nothing (it is processing from the start) and goes alone, as do rejections and returns.
         */
        boolean sharesACommand() {
            return switch (decision.action()) {
                case PROCESS -> payment.rail() == Rail.STANDARD;
                case COMPLETE -> true;
                default -> false;
            };
        }

        AdvancePayoutsCommand.Step step() {
            return decision.action() == StatusPolicy.Action.PROCESS ? AdvancePayoutsCommand.Step.START_PROCESSING
                    : AdvancePayoutsCommand.Step.COMPLETE;
        }

        OutboxPayments.StateChange change() {
            boolean settled = decision.next() == PaymentState.SETTLED;
            return new OutboxPayments.StateChange(payment.endToEndId(), payment.state(), decision.next(),
                    settled ? null : report.reason(), settled ? report.source() : null);
        }
    }
}
