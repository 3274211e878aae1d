package io.payouts.shared.driver;

/**
 * What a driver's personal field reads as once the driver's personal data is erased (ADR-0026): the key that opens it
 * is destroyed, and whoever reads the driver's events (a projection, a rebuild, the rail's look-up of an account)
 * gets this in its place.
 */
public final class ErasedPersonalData {

    public static final String MARKER = "[erased]";

    private ErasedPersonalData() {
    }

    public static boolean isErased(String value) {
        return MARKER.equals(value);
    }
}
