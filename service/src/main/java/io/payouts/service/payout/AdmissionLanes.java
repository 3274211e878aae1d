package io.payouts.service.payout;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.service.http.OutcomeUnknownException;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.wallet.WalletId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Smart batching of payout admissions (ADR-0011). Every payout must reserve funds in its mode's wallet, and one
 * aggregate admits one command at a time; so each wallet has one lane: a thread that takes whatever requests
 * have queued up while the previous batch committed and admits them all in one command and one commit. Under
 * light load a batch is a single payout, so nothing waits for a timer.
 */
@Component
class AdmissionLanes implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(AdmissionLanes.class);

    private final Commands commands;
    private final Clock clock;
    private final int maxBatch;
    private final Duration timeout;
    private final Map<WalletId, Lane> lanes = new ConcurrentHashMap<>();
    private final DistributionSummary batchSizes;
    private volatile boolean running;

    AdmissionLanes(Commands commands, Clock clock, MeterRegistry meters,
                     @Value("${payouts.admission.max-batch:500}") int maxBatch,
                     @Value("${payouts.admission.timeout:30s}") Duration timeout) {
        this.commands = commands;
        this.clock = clock;
        this.maxBatch = maxBatch;
        this.timeout = timeout;
        this.batchSizes = DistributionSummary.builder("payouts.admission.batch.size")
                .description("payouts and retries admitted in one command (ADR-0011)").register(meters);
    }

    /**
     * Admits new payouts (created with their funds reserved) and retries failed ones (queued again once their
     * funds are reserved anew). All are queued before any is awaited, so one request's payouts share batches.
     * @return one outcome per payout, in the order given (new payouts, then retries): admitted, or refused with
     * the reason
     */
    List<AdmissionOutcome> admit(WalletId walletId, List<PayoutRequest> requests,
                                 List<AdmitPayoutsCommand.PayoutRetry> retries) {
        Lane lane = lane(walletId);
        List<CompletableFuture<AdmissionOutcome>> outcomes = new ArrayList<>();
        requests.forEach(request -> outcomes.add(lane.submit(new Pending(request, null))));
        retries.forEach(retry -> outcomes.add(lane.submit(new Pending(null, retry))));
        return outcomes.stream().map(this::await).toList();
    }

    private AdmissionOutcome await(CompletableFuture<AdmissionOutcome> outcome) {
        try {
            return outcome.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AdmissionUnavailableException();
        } catch (TimeoutException | ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new AdmissionUnavailableException();
        }
    }

    private Lane lane(WalletId walletId) {
        if (!running) {
            throw new AdmissionUnavailableException();
        }
        return lanes.computeIfAbsent(walletId, Lane::new);
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        lanes.values().forEach(Lane::close);
        lanes.clear();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops before the command bus and the event processors do, so no admission is left half way. */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE / 2;
    }

    private record Pending(PayoutRequest request, AdmitPayoutsCommand.PayoutRetry retry) {
    }

    private final class Lane implements Runnable {

        private final WalletId walletId;
        private final BlockingQueue<Submitted> queue = new LinkedBlockingQueue<>();
        private final Thread worker;

        Lane(WalletId walletId) {
            this.walletId = walletId;
            this.worker = new Thread(this, "admission-" + walletId.value());
            this.worker.setDaemon(true);
            this.worker.start();
        }

        CompletableFuture<AdmissionOutcome> submit(Pending pending) {
            Submitted submitted = new Submitted(pending, new CompletableFuture<>());
            queue.add(submitted);
            return submitted.result();
        }

        @Override
        public void run() {
            List<Submitted> batch = new ArrayList<>();
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    batch.add(queue.take());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                queue.drainTo(batch, maxBatch - 1);
                admit(batch);
                batch.clear();
            }
            List<Submitted> abandoned = new ArrayList<>();
            queue.drainTo(abandoned);
            abandoned.forEach(submitted -> submitted.result().completeExceptionally(new AdmissionUnavailableException()));
        }

        /** One command for the batch; each submission gets the outcome of its own entry. */
        private void admit(List<Submitted> batch) {
            List<Submitted> newPayouts = batch.stream().filter(submitted -> submitted.pending().request() != null)
                    .toList();
            List<Submitted> retries = batch.stream().filter(submitted -> submitted.pending().retry() != null)
                    .toList();
            AdmitPayoutsCommand command = new AdmitPayoutsCommand(walletId,
                    newPayouts.stream().map(submitted -> submitted.pending().request()).toList(),
                    retries.stream().map(submitted -> submitted.pending().retry()).toList(), clock.instant());
            batchSizes.record(batch.size());
            try {
                // No request id or caller on the batch: each payout's events carry its own request's.
                AdmissionOutcome.Outcomes outcomes = commands.send(command, Origin.NONE);
                List<Submitted> inCommandOrder = new ArrayList<>(newPayouts);
                inCommandOrder.addAll(retries);
                for (int entry = 0; entry < inCommandOrder.size(); entry++) {
                    inCommandOrder.get(entry).result().complete(outcomes.get(entry));
                }
            } catch (RuntimeException failure) {
                log.warn("Admission of {} payouts for {} failed", batch.size(), walletId, failure);
                batch.forEach(submitted -> submitted.result().completeExceptionally(failure));
            } catch (Error failure) {
                // A library's Error (a driver's assertion on a cut connection) must not end the lane: every later
                // payout of the wallet would wait for ever. The JVM's own failures still end it.
                log.error("Admission of {} payouts for {} failed", batch.size(), walletId, failure);
                batch.forEach(submitted -> submitted.result()
                        .completeExceptionally(new AdmissionUnavailableException()));
                if (failure instanceof VirtualMachineError) {
                    throw failure;
                }
            }
        }

        void close() {
            worker.interrupt();
        }
    }

    private record Submitted(Pending pending, CompletableFuture<AdmissionOutcome> result) {
    }

    /** The service is stopping, or admission did not answer in time: the payout may or may not have been admitted. */
    static class AdmissionUnavailableException extends OutcomeUnknownException {

        AdmissionUnavailableException() {
            super("payout admission did not answer in time");
        }
    }
}
