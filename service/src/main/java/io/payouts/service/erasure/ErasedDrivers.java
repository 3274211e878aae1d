package io.payouts.service.erasure;

import org.springframework.stereotype.Component;

/**
 * Whether a driver's personal data is gone, as the event serializer sees it: for something that keeps what it
 * decrypted, to know when to stop trusting it. Erasure here is seen at once, on another instance within
 * {@link PersonalDataKeys#READ_CACHE_TTL}, as decryption sees it.
 */
@Component
public class ErasedDrivers {

    private final PersonalDataKeys keys;

    ErasedDrivers(PersonalDataKeys keys) {
        this.keys = keys;
    }

    public boolean erased(String driverId) {
        return keys.stateOf(driverId).erased();
    }
}
