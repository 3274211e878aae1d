package io.payouts.service.openapi;

import io.payouts.service.http.RequestContext;
import io.payouts.shared.payout.FeeSchedule;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Contact;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.servers.Server;
import org.springdoc.core.customizers.GlobalOpenApiCustomizer;
import org.springdoc.core.customizers.GlobalOperationCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.util.List;

/**
 * The OpenAPI document at {@code /api/v1/openapi.json} and its console at {@code /docs} (ADR-0021). Both are
 * public and carry no data, so they have a security chain of their own that only lets them through.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

    static final String[] PUBLIC_PATHS = {"/api/v1/openapi.json", "/api/v1/openapi.json/**", "/docs", "/docs/**",
            "/swagger-ui/**"};

    static {
        // Built by RequestContextResolver from the request, never sent by a client.
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(RequestContext.class);
    }

    @Bean
    OpenAPI payoutsOpenApi() {
        return new OpenAPI()
                .info(new Info()
                        .title("Driver payout API")
                        .version("1")
                        .description(ApiDocumentText.OVERVIEW)
                        .contact(new Contact().name("Payout platform team").email("payouts@example.com"))
                        .license(new License().name("Proprietary").url("https://example.com/payouts/terms")))
                .servers(List.of(new Server().url("/")
                        .description("the service that serves this document, wherever it runs")));
    }

    @Bean
    GlobalOpenApiCustomizer payoutsDocument(
            @Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping handlers, FeeSchedule fees) {
        return new ApiDocumentCustomizer(ResponseRecords.of(handlers), BulkItems.of(handlers), fees);
    }

    @Bean
    GlobalOperationCustomizer payoutsOperationIds() {
        return new OperationIds();
    }

    @Bean
    @Order(1)
    SecurityFilterChain documentation(HttpSecurity http) throws Exception {
        return http.securityMatcher(PUBLIC_PATHS)
                .csrf(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .authorizeHttpRequests(paths -> paths.anyRequest().permitAll())
                .build();
    }
}
