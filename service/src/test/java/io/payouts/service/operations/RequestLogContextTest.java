package io.payouts.service.operations;

import io.payouts.service.http.Caller;
import io.payouts.shared.Mode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class RequestLogContextTest {

    @AfterEach
    void signOut() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void everyLineOfARequestNamesTheCallerTheModeAndTheResourcesOfItsPath() throws Exception {
        Caller caller = Caller.apiKey("key_0123", "usr_0456", Mode.SANDBOX, Set.of());
        SecurityContextHolder.getContext().setAuthentication(
                UsernamePasswordAuthenticationToken.authenticated(caller, null, List.of()));
        MockHttpServletRequest request = new MockHttpServletRequest("POST",
                "/api/v1/batches/batch_0123456789abcdef0123456789abcdef/release");
        Map<String, String> seen = new HashMap<>();

        new RequestLogContext().doFilter(request, new MockHttpServletResponse(),
                (req, res) -> seen.putAll(MDC.getCopyOfContextMap()));

        assertThat(seen).containsEntry("caller", "key_0123").containsEntry("mode", "sandbox")
                .containsEntry("credential", "api_key")
                .containsEntry("batchId", "batch_0123456789abcdef0123456789abcdef");
        assertThat(MDC.get("caller")).isNull();
        assertThat(MDC.get("batchId")).isNull();
    }
}
