package io.payouts.bank.rail;

import java.time.Instant;

/** One pain.001 as {@code bank_file} holds it; {@code content} only while it waits to be uploaded. */
record BankFile(long id, String messageId, String fileName, FileKind kind, Instant cutoffAt, FileState state,
                Instant createdAt, byte[] content, int uploadAttempts, String lastError) {

    /** The message id of file number {@code id}, made on {@code createdAt}'s date: {@code PO20261201-42}. */
    static String messageIdOf(long id, Instant createdAt) {
        return "PO" + createdAt.toString().substring(0, 10).replace("-", "") + "-" + id;
    }

    static String fileNameOf(String messageId) {
        return "pain001-" + messageId + ".xml";
    }
}
