package io.payouts.service.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.payouts.service.access.ScopeMatrix;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ConsoleRequests;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.SandboxScenario;
import io.payouts.service.wallet.StatementCsv;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Scope;
import io.payouts.shared.payout.FeeSchedule;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.tags.Tag;
import org.springdoc.core.customizers.GlobalOpenApiCustomizer;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static io.payouts.service.openapi.Schemas.integer;
import static io.payouts.service.openapi.Schemas.oneOf;
import static io.payouts.service.openapi.Schemas.ref;
import static io.payouts.service.openapi.Schemas.string;

/**
 * Completes what springdoc reads from the controllers with what the rest of the code knows: credentials and
 * scopes from {@link ScopeMatrix}, error codes and their statuses from {@code ErrorStatus}, list limits from
 * {@link Pagination}, the sandbox scenarios, idempotency and rate-limit headers, which fields of the answer
 * records are required or may be null (ADR-0021), and what the service checks of requests ({@link RequestConstraints}). Springdoc calls it once, when the document is first asked for.
 */
class ApiDocumentCustomizer implements GlobalOpenApiCustomizer {

    static final String API_KEY_SCHEME = "apiKey";
    static final String SESSION_SCHEME = "sessionToken";
    static final String CONSOLE_SCHEME = "consoleCookie";
    static final String CONSOLE_SESSION = "/api/v1/auth/console-session";
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    static final String EVENTS = "/api/v1/events";
    private static final String STATEMENTS = "/api/v1/funding/statements";
    private static final String SANDBOX_RESET = "/api/v1/sandbox/reset";
    /** The events API checks each event type's scope itself (ADR-0027). */
    static final String EVENTS_CREDENTIAL = "Credential: an API key; it reads the events of the resources its read "
            + "scopes cover (drivers:read, payouts:read, batches:read, balance:read). A `type` its key may not read "
            + "is 403 FORBIDDEN naming the scope.";

    private final Map<String, Class<?>> responseRecords;
    private final BulkItems bulkItems;
    private final FeeSchedule fees;

    ApiDocumentCustomizer(Map<String, Class<?>> responseRecords, BulkItems bulkItems, FeeSchedule fees) {
        this.responseRecords = responseRecords;
        this.bulkItems = bulkItems;
        this.fees = fees;
    }

    @Override
    public void customise(OpenAPI openApi) {
        openApi.getComponents()
                .addSecuritySchemes(API_KEY_SCHEME, bearer("svc_sbox_… or svc_prod_…", "An API key, created at "
                        + "POST /api/v1/developer/keys. Its mode (sandbox or production) decides which data a request "
                        + "sees; its scopes what it may do."))
                .addSecuritySchemes(SESSION_SCHEME, bearer("sess_…", "A session token from POST "
                        + "/api/v1/auth/sessions, for the developer and admin endpoints."))
                .addSecuritySchemes(CONSOLE_SCHEME, new SecurityScheme().type(SecurityScheme.Type.APIKEY)
                        .in(SecurityScheme.In.COOKIE).name(ConsoleRequests.COOKIE).description("The console's "
                                + "session, set by POST " + CONSOLE_SESSION + " (HttpOnly, SameSite=Strict). Requests "
                                + "with it name their mode in X-Console-Mode and send X-CSRF-Token on writes."));
        ErrorResponses.register(openApi.getComponents());
        registerHeaders(openApi.getComponents());
        bulkItems.describe(openApi.getComponents());
        ResponseRecords.complete(openApi, responseRecords);
        openApi.setTags(ApiCatalogue.TAGS.entrySet().stream()
                .map(tag -> new Tag().name(tag.getKey()).description(tag.getValue())).toList());
        openApi.getPaths().forEach((path, item) -> item.readOperationsMap()
                .forEach((method, operation) -> document(openApi.getComponents(), path, method, operation)));
        RequestConstraints.apply(openApi, fees);
        removeUnusedSchemas(openApi);
    }

    private static SecurityScheme bearer(String format, String description) {
        return new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat(format)
                .description(description);
    }

    private void document(Components components, String path, PathItem.HttpMethod method, Operation operation) {
        Credential credential = Credential.of(method.name(), path);
        Optional<ApiCatalogue.Endpoint> endpoint = ApiCatalogue.find(method.name(), path);
        Optional<Scope> scope = ScopeMatrix.RULES.stream()
                .filter(rule -> rule.method().name().equals(method.name()) && rule.pattern().equals(path))
                .map(ScopeMatrix.Rule::scope).findFirst();
        endpoint.ifPresent(found -> {
            operation.setTags(List.of(found.tag()));
            operation.setSummary(found.summary());
        });
        operation.setDescription((path.startsWith(EVENTS) ? EVENTS_CREDENTIAL : credential.describe(scope))
                + credential.describeConsole(path));
        operation.setSecurity(credential.requirement(path));
        // OpenAPI lists scopes in a security requirement for OAuth only; an API key's scope is told here.
        scope.ifPresent(needed -> operation.addExtension("x-required-scope", needed.apiName()));
        if (ScopeMatrix.ownersAndAdminsOnly(method.name(), path)) {
            operation.addExtension("x-required-role", "owner or admin");
        }
        addHeaders(method, credential, operation);
        RequestExamples.of(method.name(), path).ifPresent(example -> operation.getRequestBody().getContent()
                .get("application/json").setExample(example));
        endpoint.ifPresent(found -> limitParameters(found, operation));

        ApiResponse ok = operation.getResponses().get("200");
        ok.setHeaders(ErrorResponses.standardHeaders(false));
        if (method == PathItem.HttpMethod.POST) {
            ok.addHeaderObject("Idempotent-Replayed", new Header()
                    .description("true when this is the stored first response to the same Idempotency-Key")
                    .schema(oneOf(List.of("true"))));
        }
        ok.setDescription("OK");
        if (path.equals(EVENTS + "/export")) {
            ok.setContent(new Content().addMediaType("application/x-ndjson", new MediaType().schema(ref("PublicEvent"))));
            ok.setDescription("OK: one event a line (NDJSON), oldest first");
        }
        if (path.equals(STATEMENTS)) {
            ok.getContent().addMediaType(StatementCsv.MEDIA_TYPE, new MediaType().schema(string()
                    .description("with format=csv: a header row, then a line per day, amounts in cents")
                    .example(StatementCsv.HEADER + "\r\n")));
            ok.setDescription("OK: the statement as JSON, or its lines as CSV with format=csv");
        }
        if (path.equals(SANDBOX_RESET)) {
            ok.setDescription("OK: the sandbox is cleared");
            operation.getResponses().addApiResponse("202", new ApiResponse().content(ok.getContent())
                    .headers(ok.getHeaders()).description("Accepted: a large sandbox was still being cleared when the"
                            + " reset's timeout (30 s by default) came; the reset goes on by itself, and sandbox"
                            + " requests answer 503 until it is done"));
        }
        ErrorResponses.responses(components, errorCodes(method, path, credential, operation, endpoint),
                        operation.getRequestBody() != null)
                .forEach(operation.getResponses()::addApiResponse);
    }

    /** Drops the schemas nothing refers to, such as those of records only ever unwrapped into others. */
    private static void removeUnusedSchemas(OpenAPI openApi) {
        boolean removed;
        do {
            String document;
            try {
                document = Json31.mapper().writeValueAsString(openApi);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("the document cannot be written", e);
            }
            removed = openApi.getComponents().getSchemas().keySet()
                    .removeIf(name -> !document.contains("\"" + Schemas.COMPONENTS + name + "\""));
        } while (removed);
    }

    /** The request headers every operation of its kind takes, defined once as components. */
    private static void registerHeaders(Components components) {
        components.addParameters(ErrorResponses.REQUEST_ID, new HeaderParameter().name(ErrorResponses.REQUEST_ID)
                .required(false).schema(string())
                .description("your id for this request, echoed back if it matches [A-Za-z0-9._:-]{1,100}"));
        components.addParameters(IDEMPOTENCY_KEY, new HeaderParameter().name(IDEMPOTENCY_KEY).required(false)
                .description("1 to 255 printable ASCII characters, no spaces: the same key and body within 24 h "
                        + "return the first response again and do nothing new (ADR-0010)")
                .schema(string().minLength(1).maxLength(255).pattern("^[!-~]{1,255}$")));
        components.addParameters(SandboxScenario.HEADER, new HeaderParameter().name(SandboxScenario.HEADER)
                .required(false)
                .description("sandbox keys only: forces an outcome (ADR-0015); a production key's is ignored")
                .schema(oneOf(Arrays.stream(SandboxScenario.values()).map(SandboxScenario::apiName).toList())));
        components.addParameters(ConsoleRequests.MODE_HEADER, new HeaderParameter().name(ConsoleRequests.MODE_HEADER)
                .required(false)
                .description("with the console's session cookie (consoleCookie) only, and then required: whose data "
                        + "the request works on; without it a 400 naming this header")
                .schema(oneOf(Arrays.stream(Mode.values()).map(ApiEnums::name).toList())));
        components.addParameters(ConsoleRequests.CSRF_HEADER, new HeaderParameter().name(ConsoleRequests.CSRF_HEADER)
                .required(false)
                .description("with the console's session cookie only, and then required on every write: the "
                        + "csrfToken the console session's answer carries; without it a 403 naming this header")
                .schema(string()));
    }

    private static void addHeaders(PathItem.HttpMethod method, Credential credential, Operation operation) {
        operation.addParametersItem(parameterRef(ErrorResponses.REQUEST_ID));
        if (method == PathItem.HttpMethod.POST) {
            operation.addParametersItem(parameterRef(IDEMPOTENCY_KEY));
        }
        if (credential == Credential.API_KEY) {
            operation.addParametersItem(parameterRef(SandboxScenario.HEADER));
            operation.addParametersItem(parameterRef(ConsoleRequests.MODE_HEADER));
        }
        if (credential != Credential.NONE && method != PathItem.HttpMethod.GET) {
            operation.addParametersItem(parameterRef(ConsoleRequests.CSRF_HEADER));
        }
    }

    private static Parameter parameterRef(String name) {
        return new Parameter().$ref("#/components/parameters/" + name);
    }

    private static void limitParameters(ApiCatalogue.Endpoint endpoint, Operation operation) {
        if (operation.getParameters() == null) {
            return;
        }
        for (Parameter parameter : operation.getParameters()) {
            Pagination limits = endpoint.pagination();
            if (parameter.get$ref() != null) {
                continue;
            }
            if (limits != null && "page".equals(parameter.getName())) {
                parameter.description("page number, from 1").schema(integer().minimum(java.math.BigDecimal.ONE)
                        ._default(1));
            } else if (limits != null && "pageSize".equals(parameter.getName())) {
                parameter.description("items per page, 1 to " + limits.maxPageSize() + " (default "
                        + limits.defaultPageSize() + ")").schema(integer()
                        .minimum(java.math.BigDecimal.ONE)
                        .maximum(java.math.BigDecimal.valueOf(limits.maxPageSize()))
                        ._default(limits.defaultPageSize()));
            } else if (endpoint.filters().containsKey(parameter.getName())) {
                parameter.schema(oneOf(Arrays.stream(endpoint.filters().get(parameter.getName()).getEnumConstants())
                        .map(ApiEnums::name).toList()));
            }
        }
    }

    /** The codes of the endpoint's kind (credential, input, id, idempotency) and those it adds of its own. */
    private static Set<ErrorCode> errorCodes(PathItem.HttpMethod method, String path, Credential credential,
                                             Operation operation,
                                             Optional<ApiCatalogue.Endpoint> endpoint) {
        Set<ErrorCode> codes = new LinkedHashSet<>();
        boolean takesQuery = operation.getParameters() != null && operation.getParameters().stream()
                .anyMatch(parameter -> "query".equals(parameter.getIn()));
        if (takesQuery || operation.getRequestBody() != null || method == PathItem.HttpMethod.POST
                || credential == Credential.API_KEY) {
            codes.add(ErrorCode.VALIDATION_ERROR);
        }
        codes.addAll(credential.errorCodes());
        if (credential.takesConsoleCookie(path) && method != PathItem.HttpMethod.GET) {
            // A console write without its CSRF token (ADR-0020).
            codes.add(ErrorCode.FORBIDDEN);
        }
        if (path.contains("{")) {
            codes.add(path.startsWith("/api/v1/developer/keys/") || path.startsWith("/api/v1/admin/api-keys/")
                    ? ErrorCode.KEY_NOT_FOUND : ErrorCode.NOT_FOUND);
            if (method != PathItem.HttpMethod.GET) {
                codes.add(ErrorCode.INVALID_STATE);
                codes.add(ErrorCode.CONFLICT);
            }
        }
        if (method == PathItem.HttpMethod.POST) {
            codes.add(ErrorCode.IDEMPOTENCY_CONFLICT);
        }
        endpoint.ifPresent(found -> codes.addAll(found.errors()));
        codes.add(ErrorCode.RATE_LIMITED);
        codes.add(ErrorCode.INTERNAL_ERROR);
        codes.add(ErrorCode.UNAVAILABLE);
        return codes;
    }

    /** Which credential an endpoint takes (ADR-0009): the same split as the security filter chain's. */
    enum Credential {
        NONE,
        CONSOLE,
        SESSION,
        ADMINISTRATOR,
        API_KEY;

        static Credential of(String method, String path) {
            if (path.equals("/health") || path.equals("/api/v1/webhooks/inbound")
                    || (path.equals("/api/v1/auth/sessions") && method.equals("POST"))
                    || (path.equals(CONSOLE_SESSION) && method.equals("POST"))) {
                return NONE;
            }
            if (path.equals(CONSOLE_SESSION)) {
                return CONSOLE;
            }
            if (path.startsWith("/api/v1/admin/")) {
                return ADMINISTRATOR;
            }
            if (path.startsWith("/api/v1/developer/") || path.equals("/api/v1/auth/sessions")) {
                return SESSION;
            }
            return API_KEY;
        }

        /** The credentials it takes: the console's cookie as well wherever the console calls it (ADR-0020). */
        List<SecurityRequirement> requirement(String path) {
            SecurityRequirement console = new SecurityRequirement().addList(CONSOLE_SCHEME);
            return switch (this) {
                case NONE -> List.of();
                case CONSOLE -> List.of(console);
                case SESSION -> takesConsoleCookie(path)
                        ? List.of(new SecurityRequirement().addList(SESSION_SCHEME), console)
                        : List.of(new SecurityRequirement().addList(SESSION_SCHEME));
                case ADMINISTRATOR -> List.of(new SecurityRequirement().addList(SESSION_SCHEME), console);
                case API_KEY -> List.of(new SecurityRequirement().addList(API_KEY_SCHEME), console);
            };
        }

        private boolean takesConsoleCookie(String path) {
            return this == API_KEY || this == ADMINISTRATOR || path.startsWith("/api/v1/developer/");
        }

        String describeConsole(String path) {
            if (this == API_KEY) {
                return " Or the console's session cookie, with `X-Console-Mode` naming the mode and, on a write, "
                        + "`X-CSRF-Token`; the user's role then decides the scopes.";
            }
            return takesConsoleCookie(path) ? " Or the console's session cookie, with `X-CSRF-Token` on a write." : "";
        }

        List<ErrorCode> errorCodes() {
            return switch (this) {
                case NONE -> List.of();
                case SESSION -> List.of(ErrorCode.UNAUTHORIZED);
                case CONSOLE, ADMINISTRATOR, API_KEY -> List.of(ErrorCode.UNAUTHORIZED, ErrorCode.FORBIDDEN);
            };
        }

        String describe(Optional<Scope> scope) {
            return switch (this) {
                case NONE -> "No credential.";
                case CONSOLE -> "Credential: the console's session cookie; a bearer credential gets 403.";
                case SESSION -> "Credential: a session token (`Authorization: Bearer sess_…`).";
                case ADMINISTRATOR -> "Credential: the session token of an owner or admin; another role gets 403.";
                case API_KEY -> scope.map(needed -> "Credential: an API key holding the scope `" + needed.apiName()
                                + "`; without it, 403 FORBIDDEN naming the scope.")
                        .orElse("Credential: a sandbox API key, whatever its scopes; a production key gets 403.");
            };
        }
    }
}
