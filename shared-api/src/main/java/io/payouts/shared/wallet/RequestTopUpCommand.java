package io.payouts.shared.wallet;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.Money;
import io.payouts.shared.WalletScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/**
 * Asks to add funds to the mode's wallet; they count as pending until the top-up settles. Answers with the wallet's
 * available funds at that moment, which a pending top-up does not change.
 */
public record RequestTopUpCommand(@TargetAggregateIdentifier WalletId walletId, Mode mode, TransactionId transactionId,
                                  long amount, String description, TopUpMethod method, Instant requestedAt) implements WalletScoped {

    public static final int MAX_DESCRIPTION_LENGTH = 500;

    public RequestTopUpCommand {
        Objects.requireNonNull(walletId, "walletId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(transactionId, "transactionId");
        Objects.requireNonNull(requestedAt, "requestedAt");
        walletId.requireOf(mode);
        Money.requireAmount("amount", amount);
        if (description != null && description.length() > MAX_DESCRIPTION_LENGTH) {
            throw new InvalidFieldException("description", "must be at most " + MAX_DESCRIPTION_LENGTH + " characters");
        }
        Objects.requireNonNull(method, "method");
    }
}
