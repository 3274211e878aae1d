package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Every security scheme an operation of client/openapi.json accepts, alternatives included: {@link Operation} keeps
 * only the first, and the authorization matrix needs to know whether the console's cookie is one of them.
 */
final class SecuritySchemes {

    static final String API_KEY = "apiKey";
    static final String SESSION = "sessionToken";
    static final String CONSOLE = "consoleCookie";

    private final JsonNode document;

    private SecuritySchemes(JsonNode document) {
        this.document = document;
    }

    static SecuritySchemes read() {
        try {
            return new SecuritySchemes(new ObjectMapper().readTree(Files.readString(OperationCatalogue.DOCUMENT)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The schemes of the operation's own requirement, else the document's; empty when it is open. */
    Set<String> of(Operation operation) {
        JsonNode own = document.path("paths").path(operation.template())
                .path(operation.method().toLowerCase(Locale.ROOT)).path("security");
        JsonNode requirements = own.isMissingNode() ? document.path("security") : own;
        Set<String> schemes = new LinkedHashSet<>();
        requirements.forEach(requirement -> requirement.fieldNames().forEachRemaining(schemes::add));
        return schemes;
    }
}
