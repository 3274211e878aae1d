package io.payouts.command.apikey;

import io.payouts.shared.ForbiddenException;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Actor;
import io.payouts.shared.apikey.ApiKeyApprovedEvent;
import io.payouts.shared.apikey.ApiKeyCreatedEvent;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyNotFoundException;
import io.payouts.shared.apikey.ApiKeyRejectedEvent;
import io.payouts.shared.apikey.ApiKeyRevokedEvent;
import io.payouts.shared.apikey.KeyAlreadyRevokedException;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.ApproveApiKeyCommand;
import io.payouts.shared.apikey.CreateApiKeyCommand;
import io.payouts.shared.apikey.RegenerateApiKeyCommand;
import io.payouts.shared.apikey.RejectApiKeyCommand;
import io.payouts.shared.apikey.RevokeApiKeyCommand;
import io.payouts.shared.apikey.Scope;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;
import static org.axonframework.modelling.command.AggregateLifecycle.createNew;

/**
 * An API key's life: created (sandbox keys approved at once), approved or rejected by an admin, revoked. The key
 * value never enters the aggregate: approval records only its hash and last four characters.
 */
@Aggregate
public class ApiKey {

    @AggregateIdentifier
    private ApiKeyId keyId;
    private String name;
    private Mode mode;
    private Set<Scope> scopes;
    private Duration lifetime;
    private String approvalReason;
    private String createdBy;
    private ApprovalStatus status;
    private boolean revoked;

    protected ApiKey() {
        // for Axon's event sourcing
    }

    @CommandHandler
    ApiKey(CreateApiKeyCommand command) {
        issue(command, null);
    }

    private ApiKey(CreateApiKeyCommand successor, ApiKeyId predecessor) {
        issue(successor, predecessor);
    }

    private void issue(CreateApiKeyCommand command, ApiKeyId predecessor) {
        apply(new ApiKeyCreatedEvent(command.keyId(), command.name(), command.mode(), command.scopes(),
                command.expiresAt(), command.approvalReason(), command.createdBy(), predecessor, command.createdAt()));
        if (command.mode() == Mode.SANDBOX) {
            apply(new ApiKeyApprovedEvent(command.keyId(), ApiKeyApprovedEvent.AUTOMATIC,
                    command.material().sha256Hex(), command.material().lastFour(), command.createdAt()));
        }
    }

    @CommandHandler
    void handle(ApproveApiKeyCommand command) {
        requireAdministrator(command.actor(), "approve");
        requirePending("approved");
        apply(new ApiKeyApprovedEvent(keyId, command.actor().userId(), command.material().sha256Hex(),
                command.material().lastFour(), command.approvedAt()));
    }

    @CommandHandler
    void handle(RejectApiKeyCommand command) {
        requireAdministrator(command.actor(), "reject");
        requirePending("rejected");
        apply(new ApiKeyRejectedEvent(keyId, command.actor().userId(), command.reason(), command.rejectedAt()));
    }

    @CommandHandler
    void handle(RevokeApiKeyCommand command) {
        requireManageableBy(command.actor());
        if (revoked) {
            throw new KeyAlreadyRevokedException(keyId.value());
        }
        apply(new ApiKeyRevokedEvent(keyId, command.actor().userId(), null, command.revokedAt()));
    }

    /**
     * Revokes this key and, in the same unit of work, creates its successor with the same name, mode, scopes and
     * lifetime (counted from now), so regenerating never turns an expiring key into a permanent one.
     */
    @CommandHandler
    ApiKeyId handle(RegenerateApiKeyCommand command) throws Exception {
        requireManageableBy(command.actor());
        requireNotRevoked();
        if ((mode == Mode.SANDBOX) != (command.material() != null)) {
            throw new IllegalArgumentException("a new sandbox key is issued at once, a production key at approval");
        }
        apply(new ApiKeyRevokedEvent(keyId, command.actor().userId(), command.newKeyId(), command.regeneratedAt()));
        Instant successorExpiry = lifetime == null ? null : command.regeneratedAt().plus(lifetime);
        CreateApiKeyCommand successor = new CreateApiKeyCommand(command.newKeyId(), name, mode, scopes,
                successorExpiry, approvalReason, createdBy, command.material(), command.regeneratedAt());
        createNew(ApiKey.class, () -> new ApiKey(successor, keyId));
        return command.newKeyId();
    }

    private void requireAdministrator(Actor actor, String action) {
        if (!actor.administrator()) {
            throw new ForbiddenException("only an owner or admin may " + action + " API keys");
        }
    }

    private void requireManageableBy(Actor actor) {
        if (!actor.mayManageKeysOf(createdBy)) {
            throw new ApiKeyNotFoundException(keyId.value());
        }
    }

    private void requirePending(String outcome) {
        requireNotRevoked();
        if (status != ApprovalStatus.PENDING) {
            throw new InvalidStateException("API key " + keyId + " is " + status.name().toLowerCase()
                    + " and cannot be " + outcome + "; only a pending key can");
        }
    }

    private void requireNotRevoked() {
        if (revoked) {
            throw new InvalidStateException("API key " + keyId + " is revoked");
        }
    }

    @EventSourcingHandler
    void on(ApiKeyCreatedEvent event) {
        keyId = event.keyId();
        name = event.name();
        mode = event.mode();
        scopes = event.scopes();
        lifetime = event.expiresAt() == null ? null : Duration.between(event.createdAt(), event.expiresAt());
        approvalReason = event.approvalReason();
        createdBy = event.createdBy();
        status = ApprovalStatus.PENDING;
    }

    @EventSourcingHandler
    void on(ApiKeyApprovedEvent event) {
        status = ApprovalStatus.APPROVED;
    }

    @EventSourcingHandler
    void on(ApiKeyRejectedEvent event) {
        status = ApprovalStatus.REJECTED;
    }

    @EventSourcingHandler
    void on(ApiKeyRevokedEvent event) {
        revoked = true;
    }
}
