package io.payouts.service.apikey;

import io.payouts.service.access.KeyValues;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.Scope;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The key endpoints' shapes, exactly as the spec shows them: snake_case fields, most of them at the top level
 * next to {@code success}, with {@code meta} only where the spec has it.
 */
@Component
class KeyResponses {

    static final String SHOWN_ONCE = "Store this key now: it is shown only once and cannot be retrieved again.";
    static final String AWAITING_APPROVAL =
            "Production keys need approval by an owner or admin; the key is shown once, when it is approved.";

    /** {@code {success: true, ...fields, meta?}}. */
    Map<String, Object> topLevel(Map<String, Object> fields, RequestContext context, boolean withMeta) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("success", true);
        body.putAll(fields);
        if (withMeta) {
            body.put("meta", new ApiResponse.Meta(context.requestId(), context.receivedAt()));
        }
        return body;
    }

    /** The summary fields of list-your-keys. */
    Map<String, Object> summary(ApiKeySummary key, Instant now) {
        Map<String, Object> fields = common(key);
        fields.put("last_used_at", key.lastUsedAt());
        fields.put("is_usable", key.unusableReason(now).isEmpty());
        return fields;
    }

    /** Full details without the key value; {@code withCreator} adds created_by for the admin views. */
    Map<String, Object> details(ApiKeySummary key, Instant now, boolean withCreator) {
        Map<String, Object> fields = summary(key, now);
        fields.put("approval_reason", key.approvalReason());
        fields.put("usability_reason", key.unusableReason(now).orElse(null));
        fields.put("approved_by", key.approvedBy());
        fields.put("approved_at", key.approvedAt());
        fields.put("rejected_at", key.rejectedAt());
        fields.put("rejection_reason", key.rejectionReason());
        fields.put("revoked_at", key.revokedAt());
        fields.put("last_four", key.lastFour());
        fields.put("regenerated_from", key.regeneratedFrom() == null ? null : key.regeneratedFrom().value());
        fields.put("replaced_by", key.replacedBy() == null ? null : key.replacedBy().value());
        if (withCreator) {
            fields.put("created_by", key.createdBy());
        }
        return fields;
    }

    /** A key as returned by create and regenerate: the value once, or null while approval is pending. */
    Map<String, Object> issued(ApiKeySummary key, String value) {
        Map<String, Object> fields = common(key);
        fields.put("key", value);
        fields.put("note", value == null ? AWAITING_APPROVAL : SHOWN_ONCE);
        return fields;
    }

    /** The fields every key shape starts with. */
    private static Map<String, Object> common(ApiKeySummary key) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("id", key.id().value());
        fields.put("name", key.name());
        fields.put("mode", ApiEnums.name(key.mode()));
        fields.put("prefix", KeyValues.prefixOf(key.mode()));
        fields.put("scopes", scopes(key));
        fields.put("approval_status", ApiEnums.name(key.approvalStatus()));
        fields.put("created_at", key.createdAt());
        fields.put("expires_at", key.expiresAt());
        return fields;
    }

    List<Map<String, Object>> scopeCatalogue() {
        return java.util.Arrays.stream(Scope.values())
                .map(scope -> Map.<String, Object>of("name", scope.apiName(), "description", scope.description()))
                .toList();
    }

    private static List<String> scopes(ApiKeySummary key) {
        return key.scopes().stream().sorted().map(Scope::apiName).toList();
    }
}
