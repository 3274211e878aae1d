package io.payouts.service.operations;

import io.payouts.service.http.ErrorEnvelopeWriter;
import io.payouts.shared.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;

/**
 * Who may read /management (ADR-0022): the liveness, readiness and info endpoints are open, for probes; metrics
 * and health details need {@code Authorization: Bearer <payouts.management.token>}. Without a configured token
 * nobody reads the metrics. A chain of its own, apart from the API's keys and sessions.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ManagementProperties.class)
class ManagementSecurityConfiguration {

    static final String OPERATOR = "OPERATOR";
    private static final Logger log = LoggerFactory.getLogger(ManagementSecurityConfiguration.class);

    @Bean
    @Order(2)
    SecurityFilterChain management(HttpSecurity http, ManagementProperties properties, ErrorEnvelopeWriter errors)
            throws Exception {
        if (!properties.tokenConfigured()) {
            log.info("payouts.management.token is not set: /management/prometheus refuses every scrape");
        }
        return http.securityMatcher("/management/**")
                .csrf(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .addFilterBefore(new OperatorTokenFilter(properties), AnonymousAuthenticationFilter.class)
                .exceptionHandling(handling -> handling
                        .authenticationEntryPoint((request, response, denied) -> errors.write(request, response,
                                ErrorCode.UNAUTHORIZED, "metrics need Authorization: Bearer <payouts.management.token>",
                                Map.of()))
                        .accessDeniedHandler((request, response, denied) -> errors.write(request, response,
                                ErrorCode.FORBIDDEN, "only an operator may read this", Map.of())))
                .authorizeHttpRequests(paths -> paths
                        .requestMatchers("/management/health", "/management/health/**", "/management/info").permitAll()
                        .anyRequest().hasRole(OPERATOR))
                .build();
    }

    /** Authenticates the operator by the configured token, compared in constant time. */
    static final class OperatorTokenFilter extends OncePerRequestFilter {

        private static final String BEARER = "Bearer ";

        private final ManagementProperties properties;

        OperatorTokenFilter(ManagementProperties properties) {
            this.properties = properties;
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            String header = request.getHeader(HttpHeaders.AUTHORIZATION);
            if (properties.tokenConfigured() && header != null && header.startsWith(BEARER)
                    && MessageDigest.isEqual(header.substring(BEARER.length()).trim().getBytes(StandardCharsets.UTF_8),
                    properties.token().getBytes(StandardCharsets.UTF_8))) {
                SecurityContextHolder.getContext().setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                        "operator", null, List.of(new SimpleGrantedAuthority("ROLE_" + OPERATOR))));
            }
            chain.doFilter(request, response);
        }
    }
}
