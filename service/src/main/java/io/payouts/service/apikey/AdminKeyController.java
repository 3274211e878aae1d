package io.payouts.service.apikey;

import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Actor;
import io.payouts.shared.apikey.ApiKeyList;
import io.payouts.shared.apikey.ApiKeyPage;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.FindApiKeysQuery;
import io.payouts.shared.apikey.FindPendingApiKeysQuery;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every key, for owners and admins: review, approve, reject, revoke. */
@RestController
class AdminKeyController {

    private static final Pagination ADMIN_KEYS = new Pagination(20, 100);

    private final KeyOperations keys;
    private final KeyResponses responses;
    private final Gateways gateways;

    AdminKeyController(KeyOperations keys, KeyResponses responses, Gateways gateways) {
        this.keys = keys;
        this.responses = responses;
        this.gateways = gateways;
    }

    @GetMapping("/api/v1/admin/api-keys")
    ApiResponse<AdminKeyList> list(@RequestParam(required = false) Integer page,
                                   @RequestParam(required = false) Integer pageSize,
                                   @RequestParam(required = false) String mode,
                                   @RequestParam(required = false) String status,
                                   RequestContext context) {
        FindApiKeysQuery query = new FindApiKeysQuery(
                mode == null ? null : ApiEnums.parse(Mode.class, "mode", mode),
                status == null ? null : ApiEnums.parse(ApprovalStatus.class, "status", status),
                ADMIN_KEYS.request(page, pageSize));
        ApiKeyPage found = gateways.query(query, ApiKeyPage.class);
        return ApiResponse.ok(context, new AdminKeyList(found.page().items().stream()
                .map(key -> responses.details(key, context.receivedAt(), true)).toList(),
                found.page().total(), found.page().page(), found.page().pageSize()));
    }

    @GetMapping("/api/v1/admin/api-keys/pending")
    Map<String, Object> pending(RequestContext context) {
        ApiKeyList pending = gateways.query(new FindPendingApiKeysQuery(), ApiKeyList.class);
        return responses.topLevel(Map.of("keys", pending.keys().stream().map(key -> {
            Map<String, Object> fields = responses.summary(key, context.receivedAt());
            fields.put("approval_reason", key.approvalReason());
            fields.put("created_by", key.createdBy());
            return fields;
        }).toList()), context, false);
    }

    @GetMapping("/api/v1/admin/api-keys/{id}")
    ApiResponse<Map<String, Object>> get(@PathVariable String id, RequestContext context) {
        ApiKeySummary key = keys.find(KeyOperations.keyId(id), administrator(context));
        return ApiResponse.ok(context, responses.details(key, context.receivedAt(), true));
    }

    @PostMapping("/api/v1/admin/api-keys/{id}/approve")
    Map<String, Object> approve(@PathVariable String id, RequestContext context) {
        KeyOperations.Issued approved = keys.approve(KeyOperations.keyId(id), administrator(context), context);
        ApiKeySummary key = approved.key();
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("id", key.id().value());
        fields.put("name", key.name());
        fields.put("mode", ApiEnums.name(key.mode()));
        fields.put("approval_status", ApiEnums.name(key.approvalStatus()));
        fields.put("approved_by", key.approvedBy());
        fields.put("approved_at", key.approvedAt());
        fields.put("key", approved.value());
        fields.put("note", KeyResponses.SHOWN_ONCE);
        return responses.topLevel(fields, context, false);
    }

    @PostMapping("/api/v1/admin/api-keys/{id}/reject")
    Map<String, Object> reject(@PathVariable String id, @RequestBody(required = false) RejectKeyRequest body,
                               RequestContext context) {
        ApiKeySummary key = keys.reject(KeyOperations.keyId(id), administrator(context),
                body == null ? null : body.reason(), context);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("id", key.id().value());
        fields.put("approval_status", ApiEnums.name(key.approvalStatus()));
        fields.put("rejected_at", key.rejectedAt());
        return responses.topLevel(fields, context, false);
    }

    @DeleteMapping("/api/v1/admin/api-keys/{id}")
    Map<String, Object> revoke(@PathVariable String id, RequestContext context) {
        ApiKeySummary key = keys.revoke(KeyOperations.keyId(id), administrator(context), context);
        return responses.topLevel(DeveloperKeyController.revocation(key), context, false);
    }

    private static Actor administrator(RequestContext context) {
        return context.requireCaller().actor(true);
    }

    record AdminKeyList(List<Map<String, Object>> items, long total, int page, int pageSize) {
    }
}
