package io.payouts.service;

import io.payouts.service.access.AccessRules;
import io.payouts.service.http.BodySizeLimitFilter;
import io.payouts.service.http.ErrorEnvelopeWriter;
import io.payouts.service.http.RequestIdFilter;
import io.payouts.service.http.SandboxScenarioFilter;
import io.payouts.service.http.StorableQueryFilter;
import io.payouts.service.http.WildcardContentTypeFilter;
import io.payouts.service.http.idempotency.IdempotencyFilter;
import io.payouts.service.http.ratelimit.RateLimitFilter;
import io.payouts.service.operations.RequestLogContext;
import io.payouts.sandbox.SandboxProperties;
import jakarta.servlet.Filter;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.security.SecurityProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.web.PathPatternRequestMatcherBuilderFactoryBean;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.context.AbstractSecurityWebApplicationInitializer;

import java.util.List;

/**
 * The order of every filter a request passes, composed here and nowhere else (ADR-0028). First the servlet filters
 * outside security: the request id, the log context, the body size limit, the storable query text and the wildcard
 * Content-Type. Then the security chain: authentication by bearer credential or console cookie ({@link AccessRules}),
 * the rate limit, the sandbox scenario, idempotency, and authorization ({@link AccessRules} again, Spring Security's
 * last filter). The operator's management port has a chain of its own ({@code operations}).
 */
@Configuration(proxyBeanMethods = false)
class RequestFilterChain {

    static final String SECURITY_CHAIN = AbstractSecurityWebApplicationInitializer.DEFAULT_FILTER_NAME;
    /** Not public, so named; WebSecurityConfiguration has a class of the same simple name that is the chain itself. */
    static final String CONTROLLER_LOOKUP_WRAPPER = "org.springframework.security.config.annotation.web.configuration"
            + ".WebMvcSecurityConfiguration$CompositeFilterChainProxy";

    /**
     * No Micrometer observation around each of the chain's filters, nor for authentication and authorization: nothing
     * reads them, and they were a large part of a request's CPU (ADR-0023). The request as a whole is still observed
     * ({@code http_server_requests_seconds}, ADR-0022).
     */
    @Bean
    SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.noObservations();
    }

    /**
     * Every path a chain names as text is a path pattern: Spring MVC's matchers, Spring Security's default for text
     * while Spring MVC is present, look up each request's controller, for every chain a request is checked against.
     */
    @Bean
    static PathPatternRequestMatcherBuilderFactoryBean pathsArePathPatterns() {
        return new PathPatternRequestMatcherBuilderFactoryBean();
    }

    /**
     * Spring Security wraps its chain in a filter that looks up each request's controller before the chain runs, for
     * Spring MVC's matchers and CORS. No chain here uses either, and the lookup, done again by the
     * {@code DispatcherServlet}, was a twelfth of a driver read's CPU (ADR-0049): the chain is registered unwrapped.
     */
    @Bean
    static BeanFactoryPostProcessor securityChainWithoutControllerLookup() {
        return beans -> {
            BeanDefinitionRegistry registry = (BeanDefinitionRegistry) beans;
            BeanDefinition chain = registry.getBeanDefinition(SECURITY_CHAIN);
            if (!chain.getResolvableType().toClass().getName().equals(CONTROLLER_LOOKUP_WRAPPER)) {
                return;
            }
            List<?> wrapped = (List<?>) chain.getConstructorArgumentValues().getIndexedArgumentValue(0, List.class)
                    .getValue();
            BeanDefinition unwrapped = (BeanDefinition) wrapped.get(wrapped.size() - 1);
            registry.removeBeanDefinition(SECURITY_CHAIN);
            registry.registerBeanDefinition(SECURITY_CHAIN, unwrapped);
        };
    }

    @Bean
    FilterRegistrationBean<RequestIdFilter> requestIdFirst(RequestIdFilter filter) {
        return servletFilter(filter, Ordered.HIGHEST_PRECEDENCE);
    }

    @Bean
    FilterRegistrationBean<RequestLogContext> requestLogContextAfterSecurity(RequestLogContext filter) {
        return servletFilter(filter, SecurityProperties.DEFAULT_FILTER_ORDER + 1);
    }

    @Bean
    FilterRegistrationBean<BodySizeLimitFilter> bodySizeLimitAfterSecurity(BodySizeLimitFilter filter) {
        return servletFilter(filter, SecurityProperties.DEFAULT_FILTER_ORDER + 10);
    }

    @Bean
    FilterRegistrationBean<StorableQueryFilter> storableQueryAfterSecurity(StorableQueryFilter filter) {
        return servletFilter(filter, SecurityProperties.DEFAULT_FILTER_ORDER + 11);
    }

    @Bean
    FilterRegistrationBean<WildcardContentTypeFilter> wildcardContentTypeAfterSecurity(
            WildcardContentTypeFilter filter) {
        return servletFilter(filter, SecurityProperties.DEFAULT_FILTER_ORDER + 12);
    }

    @Bean
    SandboxScenarioFilter sandboxScenarioFilter(ErrorEnvelopeWriter errors, SandboxProperties properties) {
        return new SandboxScenarioFilter(errors, properties.slowResponseDelay());
    }

    /** These run inside the security chain (below), not as servlet filters of their own. */
    @Bean
    FilterRegistrationBean<RateLimitFilter> rateLimitOnlyInsideSecurity(RateLimitFilter filter) {
        return onlyInsideSecurity(filter);
    }

    @Bean
    FilterRegistrationBean<SandboxScenarioFilter> sandboxScenarioOnlyInsideSecurity(SandboxScenarioFilter filter) {
        return onlyInsideSecurity(filter);
    }

    @Bean
    FilterRegistrationBean<IdempotencyFilter> idempotencyOnlyInsideSecurity(IdempotencyFilter filter) {
        return onlyInsideSecurity(filter);
    }

    @Bean
    SecurityFilterChain apiSecurity(HttpSecurity http, AccessRules access, RateLimitFilter rateLimit,
                                    SandboxScenarioFilter sandboxScenario, IdempotencyFilter idempotency)
            throws Exception {
        return access.applyTo(http)
                .addFilterAfter(rateLimit, AccessRules.AUTHENTICATION)
                .addFilterAfter(access.consoleHeaderChecks(), RateLimitFilter.class)
                .addFilterAfter(sandboxScenario, AccessRules.CONSOLE_HEADERS)
                .addFilterAfter(idempotency, SandboxScenarioFilter.class)
                .build();
    }

    private static <T extends Filter> FilterRegistrationBean<T> servletFilter(T filter, int order) {
        FilterRegistrationBean<T> registration = new FilterRegistrationBean<>(filter);
        registration.setOrder(order);
        return registration;
    }

    private static <T extends Filter> FilterRegistrationBean<T> onlyInsideSecurity(T filter) {
        FilterRegistrationBean<T> registration = new FilterRegistrationBean<>(filter);
        registration.setEnabled(false);
        return registration;
    }
}
