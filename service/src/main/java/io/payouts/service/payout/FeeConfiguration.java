package io.payouts.service.payout;

import io.payouts.shared.payout.FeeSchedule;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The fee schedule is configuration (decisions.md, Money): standard free, instant 1.5 % with a 50-cent minimum. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(FeeConfiguration.FeeProperties.class)
class FeeConfiguration {

    @Bean
    FeeSchedule feeSchedule(FeeProperties properties) {
        return new FeeSchedule(properties.standardBasisPoints(), properties.standardMinimum(),
                properties.instantBasisPoints(), properties.instantMinimum());
    }

    @ConfigurationProperties("payouts.fees")
    record FeeProperties(Long standardBasisPoints, Long standardMinimum, Long instantBasisPoints, Long instantMinimum) {

        FeeProperties {
            standardBasisPoints = standardBasisPoints == null ? FeeSchedule.DEFAULT.standardBasisPoints() : standardBasisPoints;
            standardMinimum = standardMinimum == null ? FeeSchedule.DEFAULT.standardMinimum() : standardMinimum;
            instantBasisPoints = instantBasisPoints == null ? FeeSchedule.DEFAULT.instantBasisPoints() : instantBasisPoints;
            instantMinimum = instantMinimum == null ? FeeSchedule.DEFAULT.instantMinimum() : instantMinimum;
        }
    }
}
