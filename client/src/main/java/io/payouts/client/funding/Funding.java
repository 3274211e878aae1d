package io.payouts.client.funding;

import io.payouts.client.Page;
import io.payouts.client.RequestOptions;
import io.payouts.client.Transport;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The wallet endpoints (top-up: payouts:write; top-ups, balance and alert: balance:read; setting the alert: a key an
 * owner or admin created).
 */
public final class Funding {

    public static final String TOP_UP_PATH = "/api/v1/funding/topup";
    public static final String BALANCE_PATH = "/api/v1/balance";
    public static final String ALERTS_PATH = "/api/v1/funding/alerts";
    public static final String TOP_UPS_PATH = "/api/v1/funding/topups";

    private final Transport transport;

    public Funding(Transport transport) {
        this.transport = transport;
    }

    /** Requests a bank-transfer top-up of {@code amount} cents. */
    public TopUp topUp(long amount, String description, RequestOptions options) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("amount", amount);
        body.put("description", description);
        body.put("method", "bank_transfer");
        return transport.post(TOP_UP_PATH, body, options, TopUp.class);
    }

    /** The mode's top-ups, newest first: with {@code status} "pending" or "settled" only those, with null all. */
    public Page<ListedTopUp> topUps(String status, int page, int pageSize) {
        return transport.page(status == null ? TOP_UPS_PATH
                : TOP_UPS_PATH + "?status=" + URLEncoder.encode(status, StandardCharsets.UTF_8), page, pageSize,
                ListedTopUp.class);
    }

    public Balance balance() {
        return transport.get(BALANCE_PATH, Balance.class);
    }

    public FundingAlert alert() {
        return transport.get(ALERTS_PATH, FundingAlert.class);
    }

    /**
     * Sets the mode's alert: {@code lowBalanceThreshold} in cents (0 switches it off), {@code shortfallWithinDays}
     * 1 to 30, or null to stop watching the funding projection.
     */
    public FundingAlert setAlert(long lowBalanceThreshold, Integer shortfallWithinDays) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("lowBalanceThreshold", lowBalanceThreshold);
        body.put("shortfallWithinDays", shortfallWithinDays);
        return transport.put(ALERTS_PATH, body, FundingAlert.class);
    }
}
