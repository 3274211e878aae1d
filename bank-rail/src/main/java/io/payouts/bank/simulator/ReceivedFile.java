package io.payouts.bank.simulator;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A file the simulated bank picked up from {@code outbound}.
 *
 * @param messageId   the pain.001's MsgId; empty when the file could not be read
 * @param endToEndIds the end-to-end ids of its payments, in file order
 * @param answer      how the bank answered it
 */
public record ReceivedFile(String name, Optional<String> messageId, List<String> endToEndIds, Answer answer) {

    public ReceivedFile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(messageId, "messageId");
        endToEndIds = List.copyOf(endToEndIds);
        Objects.requireNonNull(answer, "answer");
    }

    /** How the bank answered a file. */
    public enum Answer {
        /** Statuses for its payments, then notifications for the ones it settled. */
        PROCESSED,
        /** Rejected whole: the file could not be read (FF01). */
        UNREADABLE,
        /** Rejected whole: a file with the same MsgId came before (DUPL). */
        DUPLICATE
    }
}
