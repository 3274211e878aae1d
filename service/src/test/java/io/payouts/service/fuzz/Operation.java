package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.models.media.Schema;

import java.util.List;
import java.util.Set;

/**
 * One operation of the OpenAPI document, as the fuzzer needs it: where it is, which credential it takes, what it
 * reads (parameters and body, with the document's example body) and which statuses it may answer.
 */
record Operation(String method, String template, String operationId, Credential credential, String scope,
                 boolean ownersAndAdmins, List<Parameter> parameters, Schema<?> body, boolean bodyRequired,
                 JsonNode bodyExample, Set<Integer> statuses) {

    /** The credential the document's security requirement names. */
    enum Credential {
        API_KEY, SESSION, CONSOLE, NONE
    }

    record Parameter(String name, String in, boolean required, Schema<?> schema) {
    }

    boolean reads() {
        return method.equals("GET");
    }

    boolean hasBody() {
        return body != null;
    }

    List<Parameter> in(String location) {
        return parameters.stream().filter(parameter -> parameter.in().equals(location)).toList();
    }

    @Override
    public String toString() {
        return method + " " + template;
    }
}
