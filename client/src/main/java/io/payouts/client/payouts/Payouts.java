package io.payouts.client.payouts;

import io.payouts.client.Page;
import io.payouts.client.RequestOptions;
import io.payouts.client.Transport;

/** The payouts endpoints (scopes payouts:read, payouts:write). */
public final class Payouts {

    public static final String PATH = "/api/v1/payouts";

    private final Transport transport;

    public Payouts(Transport transport) {
        this.transport = transport;
    }

    /** Reserves the amount in the wallet: validated, then queued, processing and completed on the rail. */
    public Payout create(NewPayout payout, RequestOptions options) {
        return transport.post(PATH, payout, options, Payout.class);
    }

    public Payout get(String payoutId) {
        return transport.get(PATH + "/" + payoutId, Payout.class);
    }

    public Page<Payout> list(int page, int pageSize) {
        return transport.page(PATH, page, pageSize, Payout.class);
    }

    /** Cancels a validated or queued payout; answers the payout as it is now. */
    public Payout cancel(String payoutId) {
        transport.post(PATH + "/" + payoutId + "/cancel", null, RequestOptions.none(), Object.class);
        return get(payoutId);
    }
}
