package io.payouts.service.axon;

import io.payouts.shared.MetadataKeys;
import org.axonframework.messaging.correlation.CorrelationDataProvider;
import org.axonframework.messaging.correlation.MessageOriginProvider;
import org.axonframework.messaging.correlation.SimpleCorrelationDataProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Every event inherits the audit metadata of the command that caused it: request id, mode and caller. */
@Configuration(proxyBeanMethods = false)
class AuditMetadataConfiguration {

    @Bean
    CorrelationDataProvider auditMetadataProvider() {
        return new SimpleCorrelationDataProvider(MetadataKeys.REQUEST_ID, MetadataKeys.MODE, MetadataKeys.CALLER);
    }

    @Bean
    CorrelationDataProvider messageOriginProvider() {
        return new MessageOriginProvider();
    }
}
