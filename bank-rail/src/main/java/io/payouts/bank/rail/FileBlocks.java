package io.payouts.bank.rail;

import io.payouts.bank.iso20022.Pain001Writer;
import io.payouts.bank.iso20022.PaymentBlock;
import io.payouts.bank.iso20022.PaymentInstruction;
import io.payouts.shared.batch.BatchId;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The payment information blocks of one file: a batch's release together in a block of its own, everything else in
 * one block, each split by scheme as the library requires (a file's payments share one currency and urgency, so in
 * practice one scheme). Blocks come in the order their first payment was handed over, and the number of each payment's
 * block is kept, since a status about a whole block names it.
 */
final class FileBlocks {

    private FileBlocks() {
    }

    /** @param payments in the order they go into the file */
    static Layout of(LocalDate executionDate, List<Entry> payments) {
        Map<Object, List<Entry>> groups = new LinkedHashMap<>();
        Object rest = new Object();
        for (Entry payment : payments) {
            Object group = payment.batchId() == null || groups.size() >= Pain001Writer.MAX_BLOCKS - 1
                    && !groups.containsKey(payment.batchId()) ? rest : payment.batchId();
            groups.computeIfAbsent(group, ignored -> new ArrayList<>()).add(payment);
        }
        List<PaymentBlock> blocks = new ArrayList<>();
        Map<String, Integer> blockOf = new LinkedHashMap<>();
        for (List<Entry> group : groups.values()) {
            for (PaymentBlock block : PaymentBlock.byScheme(executionDate,
                    group.stream().map(Entry::instruction).toList())) {
                blocks.add(block);
                block.instructions().forEach(instruction -> blockOf.put(instruction.endToEndId(), blocks.size()));
            }
        }
        return new Layout(blocks, blockOf);
    }

    /** A payment to write and the batch it was released with, if any. */
    record Entry(PaymentInstruction instruction, BatchId batchId) {
    }

    /** The blocks, and for each end-to-end id the number (from 1) of its block. */
    record Layout(List<PaymentBlock> blocks, Map<String, Integer> blockOf) {
    }
}
