package io.payouts.service.platform.axon;

import io.payouts.service.support.HttpIntegrationTest;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

class ProjectionFailureConfigurationTest extends HttpIntegrationTest {

    @Autowired
    private EventProcessingConfiguration processing;

    @Test
    void aFailingProjectionRetriesTheEventInsteadOfSkippingIt() {
        assertThat(processing.listenerInvocationErrorHandler("driver-projection"))
                .isSameAs(PropagatingErrorHandler.instance());
    }
}
