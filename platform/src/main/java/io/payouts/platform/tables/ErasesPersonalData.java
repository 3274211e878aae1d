package io.payouts.platform.tables;

/**
 * A module's part in erasing a driver's name, e-mail and phone (ADR-0026): it overwrites, or deletes, the copies its
 * own tables hold, in the erasure's transaction, after the driver's key is destroyed. The money history stays.
 */
public interface ErasesPersonalData {

    /** What an erased name, e-mail or phone reads as, in tables and in events whose key is destroyed. */
    String ERASED = "[erased]";

    /** Erases the driver's personal data from this module's tables. */
    void erase(String driverId);
}
