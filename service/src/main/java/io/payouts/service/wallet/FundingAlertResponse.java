package io.payouts.service.wallet;

import io.payouts.shared.Money;
import io.payouts.shared.wallet.FundingAlert;
import io.payouts.shared.wallet.WalletBalance;

import java.time.Instant;
import java.time.LocalDate;

/**
 * The alert's setting and its state (ADR-0043). {@code low}: available funds are below the threshold, since
 * {@code lowSince}. {@code shortfallOn}: the first day the projection ran below zero when the current shortfall
 * episode began ({@code shortfallSince}), null outside one. {@code available} is the balance beside it, in cents.
 */
record FundingAlertResponse(long lowBalanceThreshold, Integer shortfallWithinDays, boolean low, Instant lowSince,
                            LocalDate shortfallOn, Instant shortfallSince, long available, String currency,
                            String setBy, Instant setAt) {

    static FundingAlertResponse of(FundingAlert alert, WalletBalance balance) {
        return new FundingAlertResponse(alert.lowBalanceThreshold(), alert.shortfallWithinDays(), alert.low(),
                alert.lowSince(), alert.shortfallOn(), alert.shortfallSince(), balance.available(), Money.CURRENCY,
                alert.setBy(), alert.setAt());
    }
}
