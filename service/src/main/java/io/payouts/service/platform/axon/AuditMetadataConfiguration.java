package io.payouts.service.platform.axon;

import io.payouts.shared.MetadataKeys;
import org.axonframework.messaging.correlation.CorrelationDataProvider;
import org.axonframework.messaging.correlation.MessageOriginProvider;
import org.axonframework.messaging.correlation.SimpleCorrelationDataProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Every event inherits the audit metadata of the command that caused it: request id, mode, caller and the sandbox
 * scenario the request chose (ADR-0015: a driver registered under kyc_pending stays pending).
 */
@Configuration(proxyBeanMethods = false)
class AuditMetadataConfiguration {

    @Bean
    CorrelationDataProvider auditMetadataProvider() {
        return new SimpleCorrelationDataProvider(MetadataKeys.REQUEST_ID, MetadataKeys.MODE, MetadataKeys.CALLER,
                MetadataKeys.SANDBOX_SCENARIO);
    }

    @Bean
    CorrelationDataProvider messageOriginProvider() {
        return new MessageOriginProvider();
    }
}
