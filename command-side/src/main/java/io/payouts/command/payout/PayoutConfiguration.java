package io.payouts.command.payout;

import io.payouts.command.caching.BoundedAggregateCache;
import org.axonframework.common.caching.Cache;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A payout is loaded again by every move of the rail and by its batch's release: the payouts in flight stay in
 * memory (ADR-0024), as many as {@code payouts.commands.payout-cache-size}, enough for the rail's delay at the
 * intake the service is built for. Like the wallet's cache it assumes one writer per payout: a stale entry makes its
 * write fail on the store's sequence check, which rolls back and evicts it, and the move is tried again.
 */
@Configuration(proxyBeanMethods = false)
class PayoutConfiguration {

    @Bean
    Cache payoutCache(@Value("${payouts.commands.payout-cache-size:20000}") int size) {
        return new BoundedAggregateCache(size);
    }
}
