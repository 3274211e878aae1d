package io.payouts.shared;

/** Names of the audit metadata every command carries and every event inherits. */
public final class MetadataKeys {

    public static final String REQUEST_ID = "requestId";
    public static final String MODE = "mode";
    public static final String CALLER = "caller";

    private MetadataKeys() {
    }
}
