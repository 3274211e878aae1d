package io.payouts.audit;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * One link of the audit hash chain (ADR-0025): SHA-256 over the previous link and every stored column of the event,
 * each as a length and its bytes, so that no two different rows hash alike by shifting bytes between columns. The
 * first link of a chain follows 32 zero bytes.
 */
final class ChainLinks {

    static final byte[] GENESIS = new byte[32];

    private ChainLinks() {
    }

    static byte[] link(byte[] previous, StoredEvent event) {
        MessageDigest sha256 = sha256();
        sha256.update(previous == null ? GENESIS : previous);
        number(sha256, event.globalIndex());
        text(sha256, event.aggregateIdentifier());
        number(sha256, event.sequenceNumber());
        text(sha256, event.aggregateType());
        text(sha256, event.eventIdentifier());
        text(sha256, event.payloadType());
        text(sha256, event.payloadRevision());
        bytes(sha256, event.payload());
        bytes(sha256, event.metaData());
        text(sha256, event.timeStamp());
        return sha256.digest();
    }

    private static void number(MessageDigest digest, long value) {
        digest.update(ByteBuffer.allocate(Long.BYTES).putLong(value).array());
    }

    private static void text(MessageDigest digest, String value) {
        bytes(digest, value == null ? null : value.getBytes(StandardCharsets.UTF_8));
    }

    /** A null column hashes apart from an empty one: length -1. */
    private static void bytes(MessageDigest digest, byte[] value) {
        digest.update(ByteBuffer.allocate(Integer.BYTES).putInt(value == null ? -1 : value.length).array());
        if (value != null) {
            digest.update(value);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
