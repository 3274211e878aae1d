package io.payouts.bank.rail;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** The bank rail's lists for admins and finance exist whichever rail pays production; without a bank they are empty. */
@Configuration(proxyBeanMethods = false)
class BankRailViewsConfiguration {

    @Bean
    BankRailViews bankRailViews(JdbcTemplate jdbc) {
        return new BankRailViews(jdbc);
    }
}
