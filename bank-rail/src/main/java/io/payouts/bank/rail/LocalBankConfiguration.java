package io.payouts.bank.rail;

import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** The simulated bank, when production pays through a bank and {@code payouts.bank.simulator.enabled} is set. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${payouts.rail.production:simulated}' == 'iso20022' "
        + "and '${payouts.bank.simulator.enabled:false}' == 'true'")
class LocalBankConfiguration {

    @Bean(destroyMethod = "close")
    LocalBank localBank(BankRailProperties properties, CompanyAccount company, Clock clock) {
        return LocalBank.start(properties.simulator(), company, clock);
    }
}
