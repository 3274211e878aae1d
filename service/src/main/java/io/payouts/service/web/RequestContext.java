package io.payouts.service.web;

import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * Who is asking, in which world, and with which rights. Every controller method takes one; the identity issue
 * (#3) fills mode, caller and scopes from the credential without reshaping the controllers.
 *
 * @param receivedAt when the request arrived: the time commands are stamped with and meta.timestamp shows
 */
public record RequestContext(String requestId, Instant receivedAt, Mode mode, String caller, Set<String> scopes) {

    public RequestContext {
        scopes = Set.copyOf(scopes);
    }

    /** Audit metadata for commands; events inherit it. */
    public Map<String, Object> auditMetadata() {
        return Map.of(MetadataKeys.REQUEST_ID, requestId, MetadataKeys.MODE, mode.apiName(),
                MetadataKeys.CALLER, caller);
    }
}
