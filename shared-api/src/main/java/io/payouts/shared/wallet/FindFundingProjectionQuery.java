package io.payouts.shared.wallet;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;

import java.time.LocalDate;

/** The funding projection for {@code days} days starting {@code today} (UTC): in-flight payouts fall on today. */
public record FindFundingProjectionQuery(Mode mode, int days, LocalDate today) {

    public static final int MAX_DAYS = 90;

    public FindFundingProjectionQuery {
        if (days < 1 || days > MAX_DAYS) {
            throw new InvalidFieldException("days", "must be between 1 and 90");
        }
    }
}
