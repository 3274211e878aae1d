package io.payouts.service.web;

import io.payouts.shared.Mode;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.MethodParameter;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

import java.time.Clock;
import java.util.Set;

/**
 * Builds the {@link RequestContext} a controller method asks for. Until authentication exists (#3) every request
 * acts in sandbox mode as an anonymous caller with every scope.
 */
@Component
class RequestContextResolver implements HandlerMethodArgumentResolver {

    static final String ANONYMOUS = "anonymous";
    static final Set<String> ALL_SCOPES = Set.of("drivers:read", "drivers:write", "payouts:read", "payouts:write",
            "batches:read", "batches:write", "balance:read", "webhooks:manage");

    private final Clock clock;

    RequestContextResolver(Clock clock) {
        this.clock = clock;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return RequestContext.class.equals(parameter.getParameterType());
    }

    @Override
    public RequestContext resolveArgument(MethodParameter parameter, ModelAndViewContainer container,
                                          NativeWebRequest webRequest, WebDataBinderFactory binderFactory) {
        HttpServletRequest request = webRequest.getNativeRequest(HttpServletRequest.class);
        return new RequestContext(RequestIds.of(request), clock.instant(), Mode.SANDBOX, ANONYMOUS, ALL_SCOPES);
    }
}
