package io.payouts.service.erasure;

import org.axonframework.commandhandling.CommandBus;
import org.axonframework.common.Registration;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

import java.time.Clock;

/**
 * Crypto-shredding's wiring (ADR-0026): the event serializer, wherever Axon uses it, is wrapped by
 * {@link PersonalDataProtection}. The keys are reached lazily: a post-processor must not pull the database in early.
 * A driver's key is committed before a command that writes their personal data is sent ({@link
 * KeysBeforeDriverCommands}), so it is there before the event is, in Axon Server too.
 */
@Configuration(proxyBeanMethods = false)
class ErasureConfiguration {

    static final String EVENT_SERIALIZER = "eventSerializer";

    @Bean
    PersonalDataKeys personalDataKeys(JdbcTemplate jdbc, PlatformTransactionManager transactions, Clock clock) {
        return new PersonalDataKeys(jdbc, transactions, clock);
    }

    /**
     * On the command bus rather than the gateway, so every way of sending a command passes it; and not a bean of its
     * own, which Axon's auto-configuration would register on the gateway a second time.
     */
    @Bean
    Registration keysBeforeDriverCommands(CommandBus commandBus, PersonalDataKeys keys) {
        return commandBus.registerDispatchInterceptor(new KeysBeforeDriverCommands(keys));
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
