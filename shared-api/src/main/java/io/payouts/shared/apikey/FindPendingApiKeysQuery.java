package io.payouts.shared.apikey;

/** Production keys awaiting approval, oldest first (the order an admin works through them). */
public record FindPendingApiKeysQuery() {
}
