package io.payouts.shared.wallet;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** A shortfall was reported for a wallet whose alert does not watch the projection (switched off meanwhile). */
public class ShortfallAlertOffException extends DomainException {

    public ShortfallAlertOffException(WalletId walletId) {
        super(ErrorCode.INVALID_STATE, walletId.value() + " does not watch the funding projection");
    }
}
