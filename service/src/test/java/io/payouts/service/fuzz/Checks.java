package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.service.support.ApiContract;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What every answer must be, whatever was sent: never a 5xx; a 4xx is the error envelope the document gives for
 * that status, as JSON; a 400 VALIDATION_ERROR names what was wrong, and the field a mutation broke when it broke
 * one; a documented operation's answer, of any status, is one the document lists; and a broken body that the
 * document's own request schema refuses is refused, and a generated body it allows is not refused for one of its
 * fields, so that the service and a client generated from the document agree.
 */
final class Checks {

    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * The rules the document states in prose only, by operation and the field a 400 names: a payout must be larger
     * than its rail's fee, a batch's payouts must name drivers that exist and can be paid and its scheduledFor lie
     * ahead, and a bank account is one of two forms with check digits.
     */
    private static final Map<String, Predicate<String>> PROSE_RULES = Map.of(
            "POST /api/v1/payouts", field -> field.equals("amount"),
            "POST /api/v1/batches", field -> field.matches("payouts\\[\\d+]\\.(driverId|amount)|scheduledFor"),
            "PUT /api/v1/drivers/{id}/bank-account", field -> true,
            "POST /api/v1/drivers", field -> field.startsWith("bankAccount."));

    private final ApiContract contract;

    Checks(ApiContract contract) {
        this.contract = contract;
    }

    /** A check an answer failed: which one, and what was wrong. */
    record Problem(String check, String detail) {
    }

    List<Problem> of(RawRequest request, Answer answer, Mutation mutation) {
        List<Problem> problems = new ArrayList<>();
        if (answer.status() >= 500) {
            problems.add(new Problem("no 5xx", answer.status() + " " + errorOf(answer)));
        }
        if (answer.refused()) {
            envelope(answer).ifPresent(problems::add);
        }
        boolean refusedByTheWebServer = mutation != null && mutation.malformedHttp() && answer.status() == 400
                && "INVALID_REQUEST".equals(answer.errorCode());
        if (!refusedByTheWebServer) {
            documented(request, answer).ifPresent(problems::add);
        }
        refusedAsDocumented(request, answer, mutation).ifPresent(problems::add);
        if (mutation == null) {
            allowedAsDocumented(request, answer).ifPresent(problems::add);
        }
        if (answer.status() == 400 && "VALIDATION_ERROR".equals(answer.errorCode())) {
            JsonNode details = answer.details();
            if (details == null || !details.isObject() || details.isEmpty()) {
                problems.add(new Problem("a validation error names the field", "no details: " + answer.body()));
            } else if (mutation != null && mutation.field() != null && !details.has(mutation.field())) {
                problems.add(new Problem("a validation error names the field", "broke " + mutation.field()
                        + ", named " + fieldNames(details)));
            }
        }
        return problems;
    }

    private static Optional<Problem> envelope(Answer answer) {
        String type = answer.header("Content-Type");
        if (type == null || !type.startsWith("application/json")) {
            return Optional.of(new Problem("a 4xx is the error envelope", answer.status() + " as " + type + ": "
                    + cut(answer.body())));
        }
        JsonNode json = answer.json();
        if (json == null || !json.path("success").isBoolean() || json.path("success").asBoolean()
                || !json.path("error").path("code").isTextual() || !json.path("error").path("message").isTextual()
                || !json.path("error").path("details").isObject() || !json.path("meta").isObject()) {
            return Optional.of(new Problem("a 4xx is the error envelope", answer.status() + ": "
                    + cut(answer.body())));
        }
        return Optional.empty();
    }

    /**
     * An accepted broken body that the operation's request schema refuses. Two acceptances are as documented: a bulk
     * answers 200 with the broken item failed (the spec's bulk rule), and null for an optional field is read as its
     * absence, which a client that follows the document never sends.
     */
    private Optional<Problem> refusedAsDocumented(RawRequest request, Answer answer, Mutation mutation) {
        if (mutation == null || !answer.accepted() || request.body() == null
                || (mutation.family().equals("null-value") && !mutation.expectRefusal())) {
            return Optional.empty();
        }
        JsonNode body = jsonBody(request);
        if (body == null) {
            return Optional.empty();
        }
        List<String> disallowed = contract.requestProblems(request.method(), request.path(), body);
        boolean itemFailed = answer.json() != null && answer.json().path("data").path("failed").asInt() > 0;
        if (disallowed.isEmpty() || itemFailed) {
            return Optional.empty();
        }
        return Optional.of(new Problem("a body the document refuses is refused", answer.status() + " to a body "
                + "the document refuses: " + cut(String.join("; ", disallowed))));
    }

    /** The request's body as JSON; null when it is not JSON. */
    private static JsonNode jsonBody(RawRequest request) {
        try {
            return JSON.readTree(request.body());
        } catch (IOException notJson) {
            return null;
        }
    }

    /**
     * A generated request whose body the document's request schema allows, refused with a 400 naming a field of
     * that body: a rule the document does not state. One the schema refuses is the generator's to fix, not a finding.
     */
    private Optional<Problem> allowedAsDocumented(RawRequest request, Answer answer) {
        if (answer.status() != 400 || !"VALIDATION_ERROR".equals(answer.errorCode()) || request.body() == null) {
            return Optional.empty();
        }
        JsonNode body = jsonBody(request);
        if (body == null || !body.isObject()
                || !contract.requestProblems(request.method(), request.path(), body).isEmpty()) {
            return Optional.empty();
        }
        Predicate<String> prose = contract.template(request.method(), request.path())
                .map(template -> PROSE_RULES.getOrDefault(request.method() + " " + template, field -> false))
                .orElse(field -> false);
        List<String> named = new ArrayList<>();
        answer.details().fieldNames().forEachRemaining(name -> {
            if (body.has(name.split("[.\\[]", 2)[0]) && !prose.test(name)) {
                named.add(name);
            }
        });
        return named.isEmpty() ? Optional.empty() : Optional.of(new Problem(
                "a body the document allows is not refused for a field", "400 naming " + named + ": "
                + cut(answer.body())));
    }

    private Optional<Problem> documented(RawRequest request, Answer answer) {
        try {
            contract.check(request.method(), request.path(), answer.status(), answer.json());
            return Optional.empty();
        } catch (AssertionError disagreement) {
            return Optional.of(new Problem("the answer is as documented", cut(disagreement.getMessage())));
        }
    }

    private static String errorOf(Answer answer) {
        return answer.errorCode() != null ? answer.errorCode() : cut(answer.body());
    }

    private static String fieldNames(JsonNode details) {
        List<String> names = new ArrayList<>();
        details.fieldNames().forEachRemaining(names::add);
        return names.toString();
    }

    private static String cut(String text) {
        if (text == null) {
            return "(no body)";
        }
        return text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }
}
