package io.payouts.platform.commands;

import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Who sends a command and for what: the audit metadata it carries and its events inherit (request id, caller, mode,
 * and the sandbox scenario a request chose, ADR-0015). Each part may be absent; an absent part is not sent.
 *
 * @param requestId       the request the command acts for
 * @param caller          what audit records name as the actor: a key id, a user id, {@code rail:simulated}, ...
 * @param mode            the world the command acts in; it also routes a command that names only its payout
 * @param sandboxScenario the X-Sandbox-Scenario the request chose (lowercase), for example {@code payout_failed}
 */
public record Origin(String requestId, String caller, Mode mode, String sandboxScenario) {

    /**
     * Adds nothing to the command: for a command whose events take their audit metadata from the command's own
     * items (an admission batch, whose payouts each name their request) or from the event that caused it.
     */
    public static final Origin NONE = new Origin(null, null, null, null);

    /** A sender that acts on no request: the rail, the sandbox's automation, a timer. */
    public static Origin system(String caller, Mode mode) {
        return new Origin(null, caller, mode, null);
    }

    /** The same origin, in the sandbox scenario given (none for null). */
    public Origin inScenario(String scenario) {
        return new Origin(requestId, caller, mode, scenario);
    }

    /** The metadata a command from this origin carries, in the names of {@link MetadataKeys}. */
    public Map<String, Object> metadata() {
        Map<String, Object> metadata = new LinkedHashMap<>();
        if (requestId != null) {
            metadata.put(MetadataKeys.REQUEST_ID, requestId);
        }
        if (caller != null) {
            metadata.put(MetadataKeys.CALLER, caller);
        }
        if (mode != null) {
            metadata.put(MetadataKeys.MODE, mode.apiName());
        }
        if (sandboxScenario != null) {
            metadata.put(MetadataKeys.SANDBOX_SCENARIO, sandboxScenario);
        }
        return metadata;
    }
}
