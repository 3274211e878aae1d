package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Every operation of the checked-in OpenAPI document (client/openapi.json), its references resolved. */
final class OperationCatalogue {

    static final Path DOCUMENT = Path.of("..", "client", "openapi.json");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Operation> operations;

    private OperationCatalogue(List<Operation> operations) {
        this.operations = operations;
    }

    static OperationCatalogue read() {
        try {
            return parse(Files.readString(DOCUMENT));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static OperationCatalogue parse(String document) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(document, null, options);
        if (parsed.getOpenAPI() == null || !parsed.getMessages().isEmpty()) {
            throw new IllegalStateException("the OpenAPI document does not parse: " + parsed.getMessages());
        }
        List<Operation> found = new ArrayList<>();
        OpenAPI api = parsed.getOpenAPI();
        api.getPaths().forEach((template, item) -> item.readOperationsMap().forEach((method, operation) ->
                found.add(operation(api, template, method, operation))));
        found.sort(Comparator.comparing(Operation::template).thenComparing(Operation::method));
        return new OperationCatalogue(List.copyOf(found));
    }

    List<Operation> operations() {
        return operations;
    }

    private static Operation operation(OpenAPI api, String template, PathItem.HttpMethod method,
                                       io.swagger.v3.oas.models.Operation operation) {
        List<Operation.Parameter> parameters = operation.getParameters() == null ? List.of()
                : operation.getParameters().stream().map(parameter -> new Operation.Parameter(parameter.getName(),
                        parameter.getIn(), Boolean.TRUE.equals(parameter.getRequired()), parameter.getSchema()))
                .toList();
        MediaType body = operation.getRequestBody() == null || operation.getRequestBody().getContent() == null ? null
                : operation.getRequestBody().getContent().get("application/json");
        Set<Integer> statuses = new TreeSet<>();
        operation.getResponses().keySet().forEach(status -> statuses.add(Integer.parseInt(status)));
        Map<String, Object> extensions = operation.getExtensions() == null ? Map.of() : operation.getExtensions();
        return new Operation(method.name(), template, operation.getOperationId(), credential(api, operation),
                (String) extensions.get("x-required-scope"), extensions.containsKey("x-required-role"), parameters,
                body == null ? null : body.getSchema(),
                operation.getRequestBody() != null && Boolean.TRUE.equals(operation.getRequestBody().getRequired()),
                body == null || body.getExample() == null ? null : JSON.valueToTree(body.getExample()), statuses);
    }

    private static Operation.Credential credential(OpenAPI api, io.swagger.v3.oas.models.Operation operation) {
        List<SecurityRequirement> security = operation.getSecurity() != null ? operation.getSecurity()
                : api.getSecurity();
        if (security == null || security.isEmpty()) {
            return Operation.Credential.NONE;
        }
        String scheme = security.get(0).keySet().iterator().next();
        return switch (scheme) {
            case "apiKey" -> Operation.Credential.API_KEY;
            case "sessionToken" -> Operation.Credential.SESSION;
            case "consoleCookie" -> Operation.Credential.CONSOLE;
            default -> throw new IllegalStateException("a security scheme the fuzzer does not know: " + scheme);
        };
    }

    /** The document's example bodies, to learn from them what a field's values look like. */
    List<JsonNode> bodyExamples() {
        return operations.stream().map(Operation::bodyExample).filter(example -> example != null).toList();
    }
}
