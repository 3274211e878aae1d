package io.payouts.client.payouts;

/** A payout request: amount in cents; urgency standard (the default) or instant; description and loadId optional. */
public record NewPayout(String driverId, long amount, String urgency, String description, String loadId) {

    public static NewPayout standard(String driverId, long amount, String description) {
        return new NewPayout(driverId, amount, "standard", description, null);
    }
}
