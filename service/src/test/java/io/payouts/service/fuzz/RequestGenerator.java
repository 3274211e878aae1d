package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.RandomGenerator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Valid requests for an operation, from its schemas through jqwik's arbitraries: path ids of existing resources,
 * required and some optional query parameters, the documented optional headers now and then, a body, and the
 * credential. The arbitraries are built once per operation and drawn from with the run's seeded Random.
 */
final class RequestGenerator {

    private static final int GEN_SIZE = 100;
    private static final AtomicLong UNIQUE = new AtomicLong();

    private final SchemaValues values;
    private final FieldHints hints;
    private final Credentials credentials;
    private final Map<Operation, RandomGenerator<JsonNode>> bodies = new HashMap<>();
    private final Map<String, RandomGenerator<String>> parameters = new HashMap<>();

    RequestGenerator(SchemaValues values, FieldHints hints, Credentials credentials) {
        this.values = values;
        this.hints = hints;
        this.credentials = credentials;
    }

    GeneratedRequest next(Operation operation, Random random) {
        Map<String, String> pathValues = new LinkedHashMap<>();
        for (Operation.Parameter parameter : operation.in("path")) {
            pathValues.put(parameter.name(), draw(parameters.computeIfAbsent(operation + " " + parameter.name(),
                    ignored -> generator(hints.pathId(operation.template(), parameter.name()))), random));
        }
        List<Map.Entry<String, String>> query = new ArrayList<>();
        for (Operation.Parameter parameter : operation.in("query")) {
            if (parameter.required() || random.nextBoolean()) {
                query.add(Map.entry(parameter.name(), parameter(operation, parameter, random)));
            }
        }
        GeneratedRequest unencoded = new GeneratedRequest(operation, pathValues, query, null, null);
        RawRequest request = RawRequest.of(operation.method(),
                GeneratedRequest.path(operation.template(), unencoded.encodedPathValues(), unencoded.encodedQuery()));
        JsonNode body = null;
        if (operation.hasBody()) {
            body = draw(bodies.computeIfAbsent(operation, ignored -> generator(values.of(operation.body()))), random);
            request = request.withBody(JsonText.bytes(body)).withHeader("Content-Type", "application/json");
        }
        request = optionalHeaders(operation, request, random);
        request = credentials.apply(operation, request, random);
        return new GeneratedRequest(operation, pathValues, query, body, request);
    }

    private RawRequest optionalHeaders(Operation operation, RawRequest request, Random random) {
        if (random.nextBoolean()) {
            request = request.withHeader("Accept", "application/json");
        }
        if (random.nextBoolean()) {
            request = request.withHeader("X-Request-Id", "fz-" + UNIQUE.incrementAndGet());
        }
        for (Operation.Parameter header : operation.in("header")) {
            if (header.name().equals("Idempotency-Key") && random.nextBoolean()) {
                request = request.withHeader(header.name(), "fz-idem-" + UNIQUE.incrementAndGet());
            } else if (header.name().equals("X-Sandbox-Scenario") && random.nextInt(10) == 0) {
                request = request.withHeader(header.name(), parameter(operation, header, random));
            }
        }
        return request;
    }

    private String parameter(Operation operation, Operation.Parameter parameter, Random random) {
        return draw(parameters.computeIfAbsent(operation + " " + parameter.name(),
                ignored -> generator(values.parameter(parameter))), random);
    }

    private static <T> RandomGenerator<T> generator(Arbitrary<T> arbitrary) {
        return arbitrary.generatorWithEmbeddedEdgeCases(GEN_SIZE);
    }

    private static <T> T draw(RandomGenerator<T> generator, Random random) {
        return generator.next(random).value();
    }
}
