package io.payouts.service.http;

import io.payouts.platform.commands.Origin;
import io.payouts.shared.Mode;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Who is asking and when. Every controller method takes one. {@code caller} is empty on open endpoints.
 *
 * @param receivedAt      when the request arrived: the time commands are stamped with and meta.timestamp shows
 * @param sandboxScenario the X-Sandbox-Scenario a sandbox request chose (validated, lowercase), or null (ADR-0015)
 */
public record RequestContext(String requestId, Instant receivedAt, Optional<Caller> caller, String sandboxScenario) {

    public static final String ANONYMOUS = "anonymous";
    /** Request attribute under which the sandbox scenario filter leaves a sandbox request's scenario. */
    public static final String SANDBOX_SCENARIO_ATTRIBUTE = RequestContext.class.getName() + ".sandboxScenario";

    /** The mode an API key or the console acts in; resource endpoints take only those, so they always have one. */
    public Mode mode() {
        return caller.map(Caller::mode)
                .orElseThrow(() -> new IllegalStateException("only API key requests act in a mode"));
    }

    /** What audit records name as the caller: the key id, a session's or the console's user id, or anonymous. */
    public String callerId() {
        return caller.map(Caller::auditId).orElse(ANONYMOUS);
    }

    public Caller requireCaller() {
        return caller.orElseThrow(() -> new IllegalStateException("this endpoint needs an authenticated caller"));
    }

    /**
     * Names a resource this request creates or changes, before its command is sent: if the command's outcome turns
     * out unknown, the 503 names it so that the client can check it instead of writing again.
     */
    public void writes(String resourceType, String resourceId) {
        PendingWrite.record(resourceType, List.of(resourceId));
    }

    /** Names several resources this request creates or changes ({@link #writes(String, String)}). */
    public void writes(String resourceType, Collection<String> resourceIds) {
        PendingWrite.record(resourceType, List.copyOf(resourceIds));
    }

    /**
     * Who sends this request's commands: request id, caller and, for API keys and the console, mode and the sandbox
     * scenario; their events inherit it as audit metadata.
     */
    public Origin origin() {
        return new Origin(requestId, callerId(), caller.map(Caller::mode).orElse(null), sandboxScenario);
    }
}
