package io.payouts.service.http;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.MethodParameter;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

import java.time.Clock;
import java.util.Optional;

/** Builds the {@link RequestContext} a controller method asks for from the request id and the authenticated caller. */
@Component
class RequestContextResolver implements HandlerMethodArgumentResolver {

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
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        Optional<Caller> caller = authentication != null && authentication.getPrincipal() instanceof Caller known
                ? Optional.of(known) : Optional.empty();
        Object scenario = request.getAttribute(RequestContext.SANDBOX_SCENARIO_ATTRIBUTE);
        return new RequestContext(RequestIds.of(request), clock.instant(), caller,
                scenario == null ? null : scenario.toString());
    }
}
