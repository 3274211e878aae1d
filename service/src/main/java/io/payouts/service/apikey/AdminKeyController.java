package io.payouts.service.apikey;

import io.payouts.service.apikey.KeyResponses.AdminKeyDetails;
import io.payouts.service.apikey.KeyResponses.AdminKeyRevokedResponse;
import io.payouts.service.apikey.KeyResponses.KeyApprovedResponse;
import io.payouts.service.apikey.KeyResponses.KeyRejectedResponse;
import io.payouts.service.apikey.KeyResponses.PendingKey;
import io.payouts.service.apikey.KeyResponses.PendingKeysResponse;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Actor;
import io.payouts.shared.apikey.ApiKeyList;
import io.payouts.shared.apikey.ApiKeyPage;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.FindApiKeysQuery;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/** Every key, for owners and admins: review, approve, reject, revoke. */
@RestController
class AdminKeyController {

    private static final Pagination ADMIN_KEYS = new Pagination(20, 100);

    private final KeyOperations keys;

    AdminKeyController(KeyOperations keys) {
        this.keys = keys;
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
        ApiKeyPage found = keys.list(query);
        return ApiResponse.ok(context, new AdminKeyList(found.page().items().stream()
                .map(key -> AdminKeyDetails.of(key, context.receivedAt())).toList(),
                found.page().total(), found.page().page(), found.page().pageSize()));
    }

    @GetMapping("/api/v1/admin/api-keys/pending")
    PendingKeysResponse pending(RequestContext context) {
        ApiKeyList pending = keys.pending();
        return new PendingKeysResponse(true, pending.keys().stream()
                .map(key -> PendingKey.of(key, context.receivedAt())).toList());
    }

    @GetMapping("/api/v1/admin/api-keys/{id}")
    ApiResponse<AdminKeyDetails> get(@PathVariable String id, RequestContext context) {
        ApiKeySummary key = keys.find(KeyOperations.keyId(id), administrator(context));
        return ApiResponse.ok(context, AdminKeyDetails.of(key, context.receivedAt()));
    }

    @PostMapping("/api/v1/admin/api-keys/{id}/approve")
    KeyApprovedResponse approve(@PathVariable String id, RequestContext context) {
        return KeyApprovedResponse.of(keys.approve(KeyOperations.keyId(id), administrator(context), context));
    }

    @PostMapping("/api/v1/admin/api-keys/{id}/reject")
    KeyRejectedResponse reject(@PathVariable String id, @RequestBody(required = false) RejectKeyRequest body,
                               RequestContext context) {
        return KeyRejectedResponse.of(keys.reject(KeyOperations.keyId(id), administrator(context),
                body == null ? null : body.reason(), context));
    }

    @DeleteMapping("/api/v1/admin/api-keys/{id}")
    AdminKeyRevokedResponse revoke(@PathVariable String id, RequestContext context) {
        return AdminKeyRevokedResponse.of(keys.revoke(KeyOperations.keyId(id), administrator(context), context));
    }

    private static Actor administrator(RequestContext context) {
        return context.requireCaller().actor(true);
    }

    record AdminKeyList(List<AdminKeyDetails> items, long total, int page, int pageSize) {
    }
}
