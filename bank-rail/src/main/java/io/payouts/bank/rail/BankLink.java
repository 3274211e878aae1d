package io.payouts.bank.rail;

import io.payouts.bank.reach.CounterpartyLink;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;

/** Whether the bank answers ({@code bank_link}), as the uploads and the inbox found it last. */
class BankLink extends CounterpartyLink {

    BankLink(JdbcTemplate jdbc, Clock clock) {
        super(jdbc, clock, "bank_link");
    }
}
