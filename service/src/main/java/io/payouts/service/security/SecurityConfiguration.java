package io.payouts.service.security;

import io.payouts.service.idempotency.IdempotencyFilter;
import io.payouts.service.identity.Sessions;
import io.payouts.service.ratelimit.RateLimitFilter;
import io.payouts.service.sandbox.SandboxScenarioFilter;
import io.payouts.service.web.ErrorEnvelopeWriter;
import io.payouts.shared.ErrorCode;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;

import java.util.Map;

import static org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher.withDefaults;

/**
 * Who may call what (ADR-0009): the health check and sign-in are open; developer endpoints take any session;
 * admin endpoints an owner's or admin's session; the inbound webhook only its signature (ADR-0014); every other
 * endpoint an API key holding the scope the {@link ScopeMatrix} names. Denials leave as the error envelope.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

    static final String INBOUND_WEBHOOK = "/api/v1/webhooks/inbound";

    @Bean
    SecurityFilterChain apiSecurity(HttpSecurity http, ApiKeyAuthenticator apiKeys, Sessions sessions,
                                    RateLimitFilter rateLimit, SandboxScenarioFilter sandboxScenario,
                                    IdempotencyFilter idempotency, ErrorEnvelopeWriter errors) throws Exception {
        BearerAuthenticationFilter bearer = new BearerAuthenticationFilter(apiKeys, sessions);
        http.csrf(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .addFilterBefore(bearer, AnonymousAuthenticationFilter.class)
                .addFilterAfter(rateLimit, BearerAuthenticationFilter.class)
                .addFilterAfter(sandboxScenario, RateLimitFilter.class)
                .addFilterAfter(idempotency, SandboxScenarioFilter.class)
                .exceptionHandling(handling -> handling
                        .authenticationEntryPoint((request, response, denied) -> errors.write(request, response,
                                ErrorCode.UNAUTHORIZED, refusalOf(request), Map.of()))
                        .accessDeniedHandler((request, response, denied) -> errors.write(request, response,
                                ErrorCode.FORBIDDEN, ScopeMatrix.requiredScope(request)
                                        .map(scope -> "this API key lacks the scope " + scope.apiName())
                                        .orElse("your role may not use this endpoint"),
                                Map.of())))
                .authorizeHttpRequests(endpoints -> {
                    endpoints.requestMatchers(withDefaults().matcher("/health"), withDefaults().matcher("/error"))
                            .permitAll();
                    endpoints.requestMatchers(withDefaults().matcher(HttpMethod.POST, "/api/v1/auth/sessions"))
                            .permitAll();
                    endpoints.requestMatchers(withDefaults().matcher("/api/v1/auth/sessions"))
                            .hasAuthority(CallerAuthentication.SESSION);
                    // A rail's inbound webhook: its signature is its credential, checked by the endpoint (ADR-0014).
                    endpoints.requestMatchers(withDefaults().matcher(HttpMethod.POST, INBOUND_WEBHOOK)).permitAll();
                    endpoints.requestMatchers(withDefaults().matcher("/api/v1/admin/**"))
                            .hasAuthority(CallerAuthentication.ADMINISTRATOR);
                    endpoints.requestMatchers(withDefaults().matcher("/api/v1/developer/**"))
                            .hasAuthority(CallerAuthentication.SESSION);
                    for (ScopeMatrix.Rule rule : ScopeMatrix.RULES) {
                        endpoints.requestMatchers(rule.matcher()).hasAuthority(rule.authority());
                    }
                    endpoints.anyRequest().hasAuthority(CallerAuthentication.API_KEY);
                });
        return http.build();
    }

    private static String refusalOf(jakarta.servlet.http.HttpServletRequest request) {
        Object refusal = request.getAttribute(BearerAuthenticationFilter.REFUSAL);
        return refusal != null ? refusal.toString() : "authentication required: send Authorization: Bearer <credential>";
    }
}
