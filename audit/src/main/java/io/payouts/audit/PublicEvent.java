package io.payouts.audit;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.Map;

/**
 * One stored event as a client may see it (ADR-0027): {@code id}, {@code type}, {@code data} and {@code timestamp} as
 * its webhook carries them, plus the resource it belongs to, its place in that resource's stream, who caused it and
 * the request that did ({@code requestId}, absent for events no request caused: the rail's, the scheduler's). Never key
 * material or secrets; an erased driver's personal data reads as null (ADR-0026).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PublicEvent(String id, String type, String mode, String resourceType, String resourceId, long sequence,
                   Instant timestamp, Map<String, Object> data, Actor actor, String requestId) {

    /**
     * Who caused an event: {@code api_key} (its id), {@code user} (a session's user id), {@code rail} (the simulated
     * rail or a rail's inbound webhook), {@code scheduler} (a batch released at its scheduledFor) or {@code system}
     * (the service itself: sandbox automations, a batch's progress). {@code id} names which one: the key or user id,
     * {@code rail:simulated}, {@code webhook:inbound}, {@code sandbox:kyc}, or the type again.
     */
    public record Actor(String type, String id) {
    }
}
