package io.payouts.service.erasure;

import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;

/**
 * Crypto-shredding's wiring (ADR-0026): the event serializer, wherever Axon uses it, is wrapped by
 * {@link PersonalDataProtection}. The keys are reached lazily: a post-processor must not pull the database in early.
 */
@Configuration(proxyBeanMethods = false)
class ErasureConfiguration {

    static final String EVENT_SERIALIZER = "eventSerializer";

    @Bean
    PersonalDataKeys personalDataKeys(JdbcTemplate jdbc, Clock clock) {
        return new PersonalDataKeys(jdbc, clock);
    }

    @Bean
    static BeanPostProcessor personalDataProtectingEventSerializer(ObjectProvider<PersonalDataKeys> keys) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                return EVENT_SERIALIZER.equals(name) && bean instanceof Serializer serializer
                        ? new PersonalDataProtection(serializer, keys::getObject) : bean;
            }
        };
    }
}
