package io.payouts.bank.iso20022;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** What a pain.001 file asks the bank to do: pay the blocks' payments from the debtor's account. */
public record CreditTransferInitiation(String messageId, Instant createdAt, Debtor debtor, List<PaymentBlock> blocks) {

    public CreditTransferInitiation {
        IsoText.require("message id", messageId, 35);
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(debtor, "debtor");
        blocks = List.copyOf(blocks);
    }

    /** Every payment of the file, block by block. */
    public List<PaymentInstruction> instructions() {
        return blocks.stream().flatMap(block -> block.instructions().stream()).toList();
    }
}
