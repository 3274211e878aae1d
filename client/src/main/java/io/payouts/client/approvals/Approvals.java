package io.payouts.client.approvals;

import io.payouts.client.Page;
import io.payouts.client.RequestOptions;
import io.payouts.client.Transport;
import io.payouts.client.payouts.Payout;
import io.payouts.client.payouts.Payouts;

import java.util.Map;

/**
 * Maker-checker: payouts and batches above the mode's threshold wait, with nothing reserved, for an owner or admin
 * other than the person who asked. Reading needs payouts:read; setting the threshold and deciding need a key whose
 * creator is an owner or admin (payouts:write, batches:write for batches).
 */
public final class Approvals {

    public static final String PATH = "/api/v1/approvals";
    public static final String POLICY_PATH = PATH + "/policy";
    public static final String BATCHES_PATH = "/api/v1/batches";

    private final Transport transport;

    public Approvals(Transport transport) {
        this.transport = transport;
    }

    public ApprovalPolicy policy() {
        return transport.get(POLICY_PATH, ApprovalPolicy.class);
    }

    /** A payout, or a batch in total, of more than {@code threshold} cents waits; 0 switches approvals off. */
    public ApprovalPolicy setThreshold(long threshold) {
        return transport.put(POLICY_PATH, Map.of("threshold", threshold), ApprovalPolicy.class);
    }

    /** What waits, oldest first. */
    public Page<PendingApproval> waiting(int page, int pageSize) {
        return transport.page(PATH, page, pageSize, PendingApproval.class);
    }

    /** Reserves its amount and sends it on; refused (and still waiting) if the driver or the wallet cannot. */
    public Payout approvePayout(String payoutId) {
        return transport.post(Payouts.PATH + "/" + payoutId + "/approve", null, RequestOptions.none(), Payout.class);
    }

    public Payout rejectPayout(String payoutId, String reason) {
        return transport.post(Payouts.PATH + "/" + payoutId + "/reject", Map.of("reason", reason),
                RequestOptions.none(), Payout.class);
    }

    /** Queues it, for its schedule, a release or a run. */
    public DecidedBatch approveBatch(String batchId) {
        return transport.post(BATCHES_PATH + "/" + batchId + "/approve", null, RequestOptions.none(),
                DecidedBatch.class);
    }

    /** Rejects it and every payout it still holds. */
    public DecidedBatch rejectBatch(String batchId, String reason) {
        return transport.post(BATCHES_PATH + "/" + batchId + "/reject", Map.of("reason", reason),
                RequestOptions.none(), DecidedBatch.class);
    }
}
