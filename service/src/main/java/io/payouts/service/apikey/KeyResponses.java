package io.payouts.service.apikey;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.payouts.service.access.KeyValues;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.Scope;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotNull;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * What the key endpoints answer, exactly as the spec shows it: snake_case fields, most of them at the top level
 * next to {@code success} (the spec's "Exception" paragraph), with {@code meta} only where the spec has it. A key's
 * fields are written once, in {@link KeyFields}, and the answers that show more of a key unwrap a smaller shape
 * into theirs. {@code @NotNull} marks what is never null, for the document.
 */
final class KeyResponses {

    static final String SHOWN_ONCE = "Store this key now: it is shown only once and cannot be retrieved again.";
    static final String AWAITING_APPROVAL =
            "Production keys need approval by an owner or admin; the key is shown once, when it is approved.";

    private static final String ALWAYS_TRUE = "true";
    private static final String KEY_ID_EXAMPLE = "key_0123456789abcdef0123456789abcdef";

    private KeyResponses() {
    }

    /** The fields every shape of a whole key starts with. */
    record KeyFields(
            @Schema(example = KEY_ID_EXAMPLE) String id,
            String name,
            @NotNull @Schema(allowableValues = {"sandbox", "production"}) String mode,
            @NotNull @Schema(allowableValues = {KeyValues.SANDBOX_PREFIX, KeyValues.PRODUCTION_PREFIX}) String prefix,
            @NotNull @ArraySchema(schema = @Schema(allowableValues = {"drivers:read", "drivers:write", "payouts:read",
                    "payouts:write", "batches:read", "batches:write", "balance:read", "webhooks:manage"}))
            List<String> scopes,
            @NotNull @JsonProperty("approval_status") @Schema(allowableValues = {"pending", "approved", "rejected"})
            String approvalStatus,
            @NotNull @JsonProperty("created_at") Instant createdAt,
            @JsonProperty("expires_at") Instant expiresAt) {

        static KeyFields of(ApiKeySummary key) {
            return new KeyFields(key.id().value(), key.name(), ApiEnums.name(key.mode()),
                    KeyValues.prefixOf(key.mode()), key.scopes().stream().sorted().map(Scope::apiName).toList(),
                    ApiEnums.name(key.approvalStatus()), key.createdAt(), key.expiresAt());
        }
    }

    /**
     * A key as list-your-keys shows it: whether requests with it are accepted now, and the last four characters of
     * its value, which with the prefix tell two keys apart without giving either away (null until a value is issued).
     */
    record KeySummary(@JsonUnwrapped KeyFields key, @JsonProperty("last_used_at") Instant lastUsedAt,
                      @JsonProperty("is_usable") boolean usable,
                      @JsonProperty("last_four") @Schema(description = "the last four characters of the key's value;"
                              + " null while a production key awaits approval", example = "x9Qk") String lastFour) {

        static KeySummary of(ApiKeySummary key, Instant now) {
            return new KeySummary(KeyFields.of(key), key.lastUsedAt(), key.unusableReason(now).isEmpty(),
                    key.lastFour());
        }
    }

    /** A key's full details, never its value. */
    record KeyDetails(
            @JsonUnwrapped KeySummary summary,
            @JsonProperty("approval_reason") String approvalReason,
            @JsonProperty("usability_reason") String usabilityReason,
            @JsonProperty("approved_by") String approvedBy,
            @JsonProperty("approved_at") Instant approvedAt,
            @JsonProperty("rejected_at") Instant rejectedAt,
            @JsonProperty("rejection_reason") String rejectionReason,
            @JsonProperty("revoked_at") Instant revokedAt,
            @JsonProperty("regenerated_from") String regeneratedFrom,
            @JsonProperty("replaced_by") String replacedBy) {

        static KeyDetails of(ApiKeySummary key, Instant now) {
            return new KeyDetails(KeySummary.of(key, now), key.approvalReason(), key.unusableReason(now).orElse(null),
                    key.approvedBy(), key.approvedAt(), key.rejectedAt(), key.rejectionReason(), key.revokedAt(),
                    key.regeneratedFrom() == null ? null : key.regeneratedFrom().value(),
                    key.replacedBy() == null ? null : key.replacedBy().value());
        }
    }

    /** A key as created or regenerated: its value once, or null while a production key awaits approval. */
    record IssuedKey(
            @JsonUnwrapped KeyFields fields,
            @Schema(description = "the key's value, shown only this once; null while a production key awaits "
                    + "approval") String key,
            @NotNull String note) {

        static IssuedKey of(KeyOperations.Issued issued) {
            return new IssuedKey(KeyFields.of(issued.key()), issued.value(),
                    issued.value() == null ? AWAITING_APPROVAL : SHOWN_ONCE);
        }
    }

    record KeyListResponse(@Schema(description = ALWAYS_TRUE) boolean success, @NotNull List<KeySummary> keys,
                           ApiResponse.Meta meta) {
    }

    record KeyIssuedResponse(@Schema(description = ALWAYS_TRUE) boolean success, @JsonUnwrapped IssuedKey issued,
                             ApiResponse.Meta meta) {
    }

    record KeyRegeneratedResponse(@Schema(description = ALWAYS_TRUE) boolean success,
                                  @JsonUnwrapped IssuedKey issued,
                                  @NotNull @JsonProperty("old_key_id") String oldKeyId,
                                  ApiResponse.Meta meta) {
    }

    record KeyDetailsResponse(@Schema(description = ALWAYS_TRUE) boolean success, @JsonUnwrapped KeyDetails details,
                              ApiResponse.Meta meta) {
    }

    record KeyRevokedResponse(@Schema(description = ALWAYS_TRUE) boolean success, String message, String id,
                              @NotNull @JsonProperty("revoked_at") Instant revokedAt, ApiResponse.Meta meta) {

        static KeyRevokedResponse of(ApiKeySummary key, RequestContext context) {
            return new KeyRevokedResponse(true, revocationMessage(key), key.id().value(), key.revokedAt(),
                    ApiResponse.Meta.of(context));
        }
    }

    record ScopesResponse(@Schema(description = ALWAYS_TRUE) boolean success,
                          @NotNull List<ScopeDescription> scopes, ApiResponse.Meta meta) {

        static ScopesResponse of(RequestContext context) {
            return new ScopesResponse(true, Arrays.stream(Scope.values())
                    .map(scope -> new ScopeDescription(scope.apiName(), scope.description())).toList(),
                    ApiResponse.Meta.of(context));
        }
    }

    record ScopeDescription(String name, @NotNull String description) {
    }

    /** A production key awaiting approval, with the reason given for it and who asked. */
    record PendingKey(@JsonUnwrapped KeySummary summary, @JsonProperty("approval_reason") String approvalReason,
                      @NotNull @JsonProperty("created_by") String createdBy) {

        static PendingKey of(ApiKeySummary key, Instant now) {
            return new PendingKey(KeySummary.of(key, now), key.approvalReason(), key.createdBy());
        }
    }

    record PendingKeysResponse(@Schema(description = ALWAYS_TRUE) boolean success, @NotNull List<PendingKey> keys) {
    }

    /** Any key's details, as an administrator sees them: with who created it. */
    record AdminKeyDetails(@JsonUnwrapped KeyDetails details, @NotNull @JsonProperty("created_by") String createdBy) {

        static AdminKeyDetails of(ApiKeySummary key, Instant now) {
            return new AdminKeyDetails(KeyDetails.of(key, now), key.createdBy());
        }
    }

    /** A production key just approved: its value, shown this once. */
    record KeyApprovedResponse(
            @Schema(description = ALWAYS_TRUE) boolean success,
            String id,
            String name,
            @NotNull @Schema(allowableValues = {"sandbox", "production"}) String mode,
            @NotNull @JsonProperty("approval_status") @Schema(allowableValues = {"pending", "approved", "rejected"})
            String approvalStatus,
            @NotNull @JsonProperty("approved_by") String approvedBy,
            @NotNull @JsonProperty("approved_at") Instant approvedAt,
            @NotNull String key,
            @NotNull String note) {

        static KeyApprovedResponse of(KeyOperations.Issued approved) {
            ApiKeySummary key = approved.key();
            return new KeyApprovedResponse(true, key.id().value(), key.name(), ApiEnums.name(key.mode()),
                    ApiEnums.name(key.approvalStatus()), key.approvedBy(), key.approvedAt(), approved.value(),
                    SHOWN_ONCE);
        }
    }

    record KeyRejectedResponse(
            @Schema(description = ALWAYS_TRUE) boolean success,
            String id,
            @NotNull @JsonProperty("approval_status") @Schema(allowableValues = {"pending", "approved", "rejected"})
            String approvalStatus,
            @NotNull @JsonProperty("rejected_at") Instant rejectedAt) {

        static KeyRejectedResponse of(ApiKeySummary key) {
            return new KeyRejectedResponse(true, key.id().value(), ApiEnums.name(key.approvalStatus()),
                    key.rejectedAt());
        }
    }

    record AdminKeyRevokedResponse(@Schema(description = ALWAYS_TRUE) boolean success, String message, String id,
                                   @NotNull @JsonProperty("revoked_at") Instant revokedAt) {

        static AdminKeyRevokedResponse of(ApiKeySummary key) {
            return new AdminKeyRevokedResponse(true, revocationMessage(key), key.id().value(), key.revokedAt());
        }
    }

    private static String revocationMessage(ApiKeySummary key) {
        return "API key " + key.id().value() + " revoked";
    }
}
