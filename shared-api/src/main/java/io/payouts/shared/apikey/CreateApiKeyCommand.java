package io.payouts.shared.apikey;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * Creates a key. A sandbox key is approved at once and so arrives with its {@code material}; a production key
 * needs an {@code approvalReason} and gets its material only when an admin approves it.
 */
public record CreateApiKeyCommand(ApiKeyId keyId, String name, Mode mode, Set<Scope> scopes, Instant expiresAt,
                                  String approvalReason, String createdBy, KeyMaterial material, Instant createdAt) implements ModeScoped {

    public static final int MAX_NAME_LENGTH = 100;
    public static final int MAX_REASON_LENGTH = 1000;

    public CreateApiKeyCommand {
        Objects.requireNonNull(keyId, "keyId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(createdBy, "createdBy");
        Objects.requireNonNull(createdAt, "createdAt");
        if (name == null || name.isBlank() || name.length() > MAX_NAME_LENGTH) {
            throw new InvalidFieldException("name", "must be 1 to " + MAX_NAME_LENGTH + " characters");
        }
        if (scopes == null || scopes.isEmpty()) {
            throw new InvalidFieldException("scopes", "must name at least one scope");
        }
        scopes = Set.copyOf(scopes);
        if (approvalReason != null && approvalReason.length() > MAX_REASON_LENGTH) {
            throw new InvalidFieldException("approval_reason", "must be at most " + MAX_REASON_LENGTH + " characters");
        }
        if (mode == Mode.PRODUCTION && (approvalReason == null || approvalReason.isBlank())) {
            throw new InvalidFieldException("approval_reason", "is required for a production key: describe the use case");
        }
        if ((mode == Mode.SANDBOX) != (material != null)) {
            throw new IllegalArgumentException("a sandbox key is issued at creation, a production key at approval");
        }
        if (expiresAt != null && !expiresAt.isAfter(createdAt)) {
            throw new InvalidFieldException("expires_in", "must be in the future");
        }
    }
}
