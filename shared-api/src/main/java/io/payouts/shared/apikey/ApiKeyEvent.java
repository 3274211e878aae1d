package io.payouts.shared.apikey;

/**
 * Every event of an API key's stream, one family for a handler to subscribe to and a fold to cover (as
 * {@code PayoutEvent}); the stored events are unchanged by it.
 */
public sealed interface ApiKeyEvent permits ApiKeyCreatedEvent, ApiKeyApprovedEvent, ApiKeyRejectedEvent,
        ApiKeyRevokedEvent {

    /** The key whose stream the event belongs to. */
    ApiKeyId keyId();
}
