package io.payouts.service;

import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.web.FilterChainProxy;

import static org.assertj.core.api.Assertions.assertThat;

class RequestFilterChainTest extends HttpIntegrationTest {

    @Autowired
    private ApplicationContext context;

    @Test
    void theSecurityChainRunsWithoutAControllerLookupBeforeIt() {
        Object chain = context.getBean(RequestFilterChain.SECURITY_CHAIN);
        assertThat(chain).isInstanceOf(FilterChainProxy.class);
        assertThat(chain.getClass().getName()).isNotEqualTo(RequestFilterChain.CONTROLLER_LOOKUP_WRAPPER)
                .doesNotContain("WebMvcSecurityConfiguration");
        assertThat(api().get("/health").status()).isEqualTo(200);
        assertThat(api().get("/api/v1/drivers").status()).isEqualTo(200);
        assertThat(anonymous().get("/api/v1/drivers").status()).isEqualTo(401);
    }
}
