package io.payouts.shared.apikey;

import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;
import java.util.Set;

/**
 * A key was created, pending approval; a sandbox key's automatic approval follows at once. Carries no key
 * material: that is issued by {@link ApiKeyApprovedEvent}. {@code regeneratedFrom} names the key it replaces.
 */
@Revision("1")
public record ApiKeyCreatedEvent(ApiKeyId keyId, String name, Mode mode, Set<Scope> scopes, Instant expiresAt,
                                 String approvalReason, String createdBy, ApiKeyId regeneratedFrom,
                                 Instant createdAt) implements ApiKeyEvent, ModeScoped {
}
