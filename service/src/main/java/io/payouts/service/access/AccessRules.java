package io.payouts.service.access;

import io.payouts.service.http.ConsoleRequests;
import io.payouts.service.http.ErrorEnvelopeWriter;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.apikey.Scope;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.Optional;

import static org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher.withDefaults;

/**
 * Who may call what (ADR-0009): the health check and sign-in are open; developer endpoints take any session;
 * admin endpoints an owner's or admin's session; the inbound webhook only its signature (ADR-0014); every other
 * endpoint an API key holding the scope the {@link ScopeMatrix} names. Denials leave as the error envelope.
 * The console (ADR-0020): its page is open; its session cookie counts as a session and, on resource endpoints, as the
 * scopes of the user's role in the mode asked for; its writes need the CSRF token.
 */
@Component
public class AccessRules {

    /** The last authentication filter: what follows it in the chain knows the caller. */
    public static final Class<? extends Filter> AUTHENTICATION = ConsoleAuthenticationFilter.class;
    /** The console's CSRF and mode headers; the assembly puts them after the rate limit. */
    public static final Class<? extends Filter> CONSOLE_HEADERS = ConsoleHeaderChecks.class;

    static final String INBOUND_WEBHOOK = "/api/v1/webhooks/inbound";
    /** The console loads only its own files and talks only to this service (ADR-0020). */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";

    private final ApiKeyAuthenticator apiKeys;
    private final Sessions sessions;
    private final ErrorEnvelopeWriter errors;

    AccessRules(ApiKeyAuthenticator apiKeys, Sessions sessions, ErrorEnvelopeWriter errors) {
        this.apiKeys = apiKeys;
        this.sessions = sessions;
        this.errors = errors;
    }

    /**
     * Authenticates (bearer credential, then the console's cookie), answers denials with the error envelope and
     * authorizes every endpoint; the assembly puts the other filters of the chain after {@link #AUTHENTICATION}.
     */
    public HttpSecurity applyTo(HttpSecurity http) throws Exception {
        BearerAuthenticationFilter bearer = new BearerAuthenticationFilter(apiKeys, sessions);
        ConsoleAuthenticationFilter console = new ConsoleAuthenticationFilter(sessions);
        // ConsoleHeaderChecks checks the console's CSRF token, after the rate limit (consoleHeaderChecks()).
        return http.csrf(AbstractHttpConfigurer::disable)
                .headers(headers -> headers
                        .contentSecurityPolicy(policy -> policy.policyDirectives(CONTENT_SECURITY_POLICY))
                        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.SAME_ORIGIN)))
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .addFilterBefore(bearer, AnonymousAuthenticationFilter.class)
                .addFilterAfter(console, BearerAuthenticationFilter.class)
                .exceptionHandling(handling -> handling
                        .authenticationEntryPoint((request, response, denied) -> errors.write(request, response,
                                ErrorCode.UNAUTHORIZED, refusalOf(request), Map.of()))
                        .accessDeniedHandler((request, response, denied) -> errors.write(request, response,
                                ErrorCode.FORBIDDEN, forbiddenBecause(request), Map.of())))
                .authorizeHttpRequests(endpoints -> {
                    endpoints.requestMatchers(withDefaults().matcher("/health"), withDefaults().matcher("/error"))
                            .permitAll();
                    endpoints.requestMatchers(withDefaults().matcher(HttpMethod.POST, "/api/v1/auth/sessions"))
                            .permitAll();
                    endpoints.requestMatchers(withDefaults().matcher(HttpMethod.GET, "/console"),
                            withDefaults().matcher(HttpMethod.GET, "/console/**"),
                            withDefaults().matcher(HttpMethod.GET, "/webjars/**")).permitAll();
                    endpoints.requestMatchers(withDefaults().matcher(HttpMethod.POST, ConsoleRequests.SESSION_PATH))
                            .permitAll();
                    endpoints.requestMatchers(withDefaults().matcher(ConsoleRequests.SESSION_PATH))
                            .hasAuthority(CallerAuthentication.CONSOLE);
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
                    endpoints.anyRequest().hasAnyAuthority(CallerAuthentication.API_KEY, CallerAuthentication.CONSOLE);
                });
    }

    /** Refuses console requests without their CSRF token or mode; a new instance for each chain. */
    public Filter consoleHeaderChecks() {
        return new ConsoleHeaderChecks(errors);
    }

    private static String forbiddenBecause(HttpServletRequest request) {
        Optional<String> scope = ScopeMatrix.requiredScope(request).map(Scope::apiName);
        if (request.getRequestURI().equals(ConsoleRequests.SESSION_PATH)) {
            return "this endpoint takes the console's session cookie";
        }
        if (scope.isPresent() && ConsoleRequests.sessionToken(request).isPresent()) {
            return "your role may not use " + scope.get() + " in " + request.getHeader(ConsoleRequests.MODE_HEADER)
                    + " from the console";
        }
        return scope.map(name -> "this API key lacks the scope " + name).orElse("your role may not use this endpoint");
    }

    private static String refusalOf(HttpServletRequest request) {
        Object refusal = request.getAttribute(BearerAuthenticationFilter.REFUSAL);
        return refusal != null ? refusal.toString() : "authentication required: send Authorization: Bearer <credential>";
    }
}
