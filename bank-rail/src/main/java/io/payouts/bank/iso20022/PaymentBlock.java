package io.payouts.bank.iso20022;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The payments a file asks the bank to execute on one date through one scheme: one PmtInf block. A batch release is
 * one block per scheme its payments use ({@link #byScheme}).
 */
public record PaymentBlock(LocalDate executionDate, Urgency urgency, List<PaymentInstruction> instructions) {

    public PaymentBlock {
        Objects.requireNonNull(executionDate, "executionDate");
        Objects.requireNonNull(urgency, "urgency");
        instructions = List.copyOf(instructions);
        if (instructions.isEmpty()) {
            throw new IllegalArgumentException("a payment block holds at least one payment");
        }
        PaymentScheme scheme = instructions.get(0).scheme();
        if (scheme.urgency() != urgency) {
            throw new IllegalArgumentException("a " + urgency + " block cannot carry " + scheme + " payments");
        }
        for (PaymentInstruction instruction : instructions) {
            if (instruction.scheme() != scheme) {
                throw new IllegalArgumentException("one block, one scheme: " + instruction.endToEndId() + " is "
                        + instruction.scheme() + ", the block is " + scheme);
            }
        }
    }

    /** The scheme every payment of the block uses. */
    public PaymentScheme scheme() {
        return instructions.get(0).scheme();
    }

    /** The sum of the block's amounts, in cents. */
    public long totalCents() {
        long total = 0;
        for (PaymentInstruction instruction : instructions) {
            total = Math.addExact(total, instruction.amountCents());
        }
        return total;
    }

    /** Splits payments due on one date into one block per scheme, in the order each scheme first appears. */
    public static List<PaymentBlock> byScheme(LocalDate executionDate, List<PaymentInstruction> instructions) {
        Map<PaymentScheme, List<PaymentInstruction>> grouped = new LinkedHashMap<>();
        for (PaymentInstruction instruction : instructions) {
            grouped.computeIfAbsent(instruction.scheme(), scheme -> new ArrayList<>()).add(instruction);
        }
        List<PaymentBlock> blocks = new ArrayList<>();
        grouped.forEach((scheme, payments) -> blocks.add(new PaymentBlock(executionDate, scheme.urgency(), payments)));
        return blocks;
    }
}
