package io.payouts.bank.provider;

import io.payouts.bank.reach.CounterpartyLink;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;

/**
 * Whether the provider answers ({@code provider_link}): an answer is any HTTP answer but a 5xx; a 5xx, a timeout or
 * no connection is none.
 */
class ProviderLink extends CounterpartyLink {

    ProviderLink(JdbcTemplate jdbc, Clock clock) {
        super(jdbc, clock, "provider_link");
    }
}
