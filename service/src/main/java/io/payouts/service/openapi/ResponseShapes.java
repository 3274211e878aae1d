package io.payouts.service.openapi;

import io.payouts.service.http.ApiEnums;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.Scope;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.Schema;

import java.util.Arrays;
import java.util.List;

import static io.payouts.service.openapi.Schemas.array;
import static io.payouts.service.openapi.Schemas.bool;
import static io.payouts.service.openapi.Schemas.dateTime;
import static io.payouts.service.openapi.Schemas.extend;
import static io.payouts.service.openapi.Schemas.integer;
import static io.payouts.service.openapi.Schemas.nullableDateTime;
import static io.payouts.service.openapi.Schemas.nullableString;
import static io.payouts.service.openapi.Schemas.object;
import static io.payouts.service.openapi.Schemas.oneOf;
import static io.payouts.service.openapi.Schemas.ref;
import static io.payouts.service.openapi.Schemas.string;

/**
 * The answers that the controllers build as maps, as the interface specification shows them: the key endpoints
 * with their fields at the top level (its "Exception" paragraph), meta only where it has it, and the small
 * {@code {id, status, <time>}} answers of moves.
 */
final class ResponseShapes {

    static final String KEY_LIST = "KeyListResponse";
    static final String KEY_ISSUED = "KeyIssuedResponse";
    static final String KEY_DETAILS = "KeyDetailsResponse";
    static final String KEY_REVOKED = "KeyRevokedResponse";
    static final String KEY_REGENERATED = "KeyRegeneratedResponse";
    static final String SCOPES = "ScopesResponse";
    static final String PENDING_KEYS = "PendingKeysResponse";
    static final String ADMIN_KEY_DETAILS = "AdminKeyDetailsResponse";
    static final String KEY_APPROVED = "KeyApprovedResponse";
    static final String KEY_REJECTED = "KeyRejectedResponse";
    static final String ADMIN_KEY_REVOKED = "AdminKeyRevokedResponse";
    static final String PAYOUT_MOVED = "PayoutMovedResponse";
    static final String BATCH_RELEASED = "BatchReleasedResponse";
    static final String BATCH_RUN = "BatchRunResponse";
    static final String SANDBOX_SEEDED = "SandboxSeededResponse";
    static final String SANDBOX_RESET = "SandboxResetResponse";
    static final String ADMIN_KEY = "AdminKeyDetails";

    private ResponseShapes() {
    }

    static void register(Components components) {
        Schema<?> keyCommon = object(
                "id", string().example("key_0123456789abcdef0123456789abcdef"),
                "name", string(),
                "mode", oneOf(names(Mode.values())),
                "prefix", oneOf(List.of("svc_sbox_", "svc_prod_")),
                "scopes", array(oneOf(Arrays.stream(Scope.values()).map(Scope::apiName).toList())),
                "approval_status", oneOf(names(ApprovalStatus.values())),
                "created_at", dateTime(),
                "expires_at", nullableDateTime());
        Schema<?> summary = extend(keyCommon, "last_used_at", nullableDateTime(), "is_usable", bool());
        Schema<?> details = extend(summary,
                "approval_reason", nullableString(),
                "usability_reason", nullableString(),
                "approved_by", nullableString(),
                "approved_at", nullableDateTime(),
                "rejected_at", nullableDateTime(),
                "rejection_reason", nullableString(),
                "revoked_at", nullableDateTime(),
                "last_four", nullableString(),
                "regenerated_from", nullableString(),
                "replaced_by", nullableString());
        Schema<?> issued = extend(keyCommon,
                "key", nullableString().description("the key's value, shown only this once; null while a production"
                        + " key awaits approval"),
                "note", string());
        Schema<?> meta = ref("Meta");
        Schema<?> success = bool().description("true");

        components.addSchemas(ADMIN_KEY, extend(details, "created_by", string()));
        components.addSchemas(KEY_LIST, object("success", success, "keys", array(summary), "meta", meta));
        components.addSchemas(KEY_ISSUED, topLevel(issued, true));
        components.addSchemas(KEY_DETAILS, topLevel(details, true));
        components.addSchemas(KEY_REVOKED, topLevel(revocation(), true));
        components.addSchemas(KEY_REGENERATED, topLevel(extend(issued, "old_key_id", string()), true));
        components.addSchemas(SCOPES, object("success", success,
                "scopes", array(object("name", string(), "description", string())), "meta", meta));
        components.addSchemas(PENDING_KEYS, object("success", success, "keys",
                array(extend(summary, "approval_reason", nullableString(), "created_by", string()))));
        components.addSchemas(ADMIN_KEY_DETAILS, object("success", success, "data", ref(ADMIN_KEY), "meta", meta));
        components.addSchemas(KEY_APPROVED, topLevel(object(
                "id", string(), "name", string(), "mode", oneOf(names(Mode.values())),
                "approval_status", oneOf(names(ApprovalStatus.values())),
                "approved_by", string(), "approved_at", dateTime(), "key", string(), "note", string()), false));
        components.addSchemas(KEY_REJECTED, topLevel(object(
                "id", string(), "approval_status", oneOf(names(ApprovalStatus.values())),
                "rejected_at", dateTime()), false));
        components.addSchemas(ADMIN_KEY_REVOKED, topLevel(revocation(), false));
        components.addSchemas(PAYOUT_MOVED, envelope(moved("canceledAt", "retriedAt")));
        components.addSchemas(BATCH_RELEASED, envelope(moved("releasedAt")));
        components.addSchemas(BATCH_RUN, envelope(moved("processedAt")));
        components.addSchemas(SANDBOX_SEEDED, object("success", success, "message", string(),
                "data", object("drivers", integer(), "payouts", integer()), "meta", meta));
        components.addSchemas(SANDBOX_RESET, object("success", success, "message", string(), "meta", meta));
    }

    private static Schema<Object> revocation() {
        return object("message", string(), "id", string(), "revoked_at", dateTime());
    }

    /** {@code {id, status, <time>}}: the time field of the move made (one of {@code times}). */
    private static Schema<Object> moved(String... times) {
        Schema<Object> moved = object("id", string(), "status", string());
        for (String time : times) {
            moved.addProperty(time, dateTime());
        }
        return moved;
    }

    private static Schema<Object> envelope(Schema<?> data) {
        return object("success", bool(), "data", data, "meta", ref("Meta"));
    }

    /** {@code {success, ...fields, meta?}}, as KeyResponses.topLevel writes it. */
    private static Schema<Object> topLevel(Schema<?> fields, boolean withMeta) {
        Schema<Object> body = object("success", bool());
        fields.getProperties().forEach(body::addProperty);
        if (withMeta) {
            body.addProperty("meta", ref("Meta"));
        }
        return body.required(List.copyOf(body.getProperties().keySet()));
    }

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(ApiEnums::name).toList();
    }
}
