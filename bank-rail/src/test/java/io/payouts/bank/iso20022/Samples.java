package io.payouts.bank.iso20022;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The hand-written bank files under src/test/resources/io/payouts/bank/iso20022. */
final class Samples {

    private Samples() {
    }

    static byte[] bytes(String name) {
        try (InputStream in = Samples.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no sample " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
