package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a field's values look like where the document's schema does not say it: first the document's own example
 * bodies (an example id's prefix means "an existing resource of that kind"), then a short table of values the
 * service takes (modes, roles, unique external ids, webhook targets on a closed loopback port). Without them most
 * generated requests would stop at the first field check and never reach the operation.
 */
final class FieldHints {

    static final List<String> SCOPES = List.of("drivers:read", "drivers:write", "payouts:read", "payouts:write",
            "batches:read", "batches:write", "balance:read", "webhooks:manage");
    static final List<String> WEBHOOK_EVENTS = List.of("payout.created", "payout.succeeded", "payout.failed",
            "payout.cancelled", "batch.released", "batch.completed", "balance.low", "balance.recovered",
            "balance.shortfall_projected");
    static final List<String> EVENT_TYPES = List.of("driver.registered", "driver.updated", "payout.created",
            "payout.queued", "payout.cancelled", "batch.created", "top_up.requested", "top_up.settled",
            "api_key.created");
    /** Port 9 (discard): nothing listens on it here, so deliveries fail at once and leave the machine never. */
    static final String WEBHOOK_TARGET_HOST = "http://127.0.0.1:9/";
    static final String WEBHOOK_TARGET = WEBHOOK_TARGET_HOST + "hooks/";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern EXAMPLE_ID = Pattern.compile("([a-z]+)_[0-9a-f]{32}");
    private static final AtomicLong UNIQUE = new AtomicLong();

    private final Fixtures fixtures;
    private final String ownerEmail;
    private final String ownerPassword;
    private final Map<String, List<JsonNode>> examples = new HashMap<>();

    FieldHints(Fixtures fixtures, List<JsonNode> exampleBodies, String ownerEmail, String ownerPassword) {
        this.fixtures = fixtures;
        this.ownerEmail = ownerEmail;
        this.ownerPassword = ownerPassword;
        exampleBodies.forEach(this::learn);
    }

    private void learn(JsonNode node) {
        node.fields().forEachRemaining(field -> {
            if (field.getValue().isObject()) {
                learn(field.getValue());
            } else if (field.getValue().isArray() && field.getValue().path(0).isObject()) {
                field.getValue().forEach(this::learn);
            } else {
                examples.computeIfAbsent(field.getKey(), ignored -> new ArrayList<>()).add(field.getValue());
            }
        });
    }

    /** The values a field of that name takes, if anything is known of them. */
    Optional<Arbitrary<JsonNode>> of(String field) {
        Optional<Arbitrary<JsonNode>> known = table(field);
        if (known.isPresent()) {
            return known;
        }
        List<JsonNode> seen = examples.getOrDefault(field, List.of());
        if (seen.isEmpty()) {
            return Optional.empty();
        }
        Matcher id = EXAMPLE_ID.matcher(seen.get(0).asText());
        if (id.matches()) {
            return Optional.of(existing(id.group(1)));
        }
        return Optional.of(Arbitraries.of(seen));
    }

    /** A path parameter's value: the prefix follows from the collection the path names. */
    Arbitrary<String> pathId(String template, String parameter) {
        if (parameter.equals("name")) {
            return Arbitraries.randomValue(random -> fixtures.processors().isEmpty() ? "driver-projection"
                    : fixtures.processors().get(random.nextInt(fixtures.processors().size())));
        }
        String before = template.substring(0, template.indexOf("{" + parameter + "}") - 1);
        String collection = before.substring(before.lastIndexOf('/') + 1);
        String prefix = switch (collection) {
            case "drivers" -> "drv";
            case "payouts" -> "pay";
            case "batches" -> "batch";
            case "api-keys", "keys" -> "key";
            case "webhooks" -> "whk";
            case "deliveries" -> "log";
            case "events" -> "evt";
            case "topups" -> "txn";
            case "users" -> "usr";
            case "dead-letters" -> "dlq";
            default -> throw new IllegalStateException("no prefix known for the ids of " + template);
        };
        return Arbitraries.randomValue(random -> fixtures.id(prefix, random));
    }

    private Optional<Arbitrary<JsonNode>> table(String field) {
        return Optional.ofNullable(switch (field) {
            case "svcDriverId" -> Arbitraries.randomValue(random -> text("fz-" + UNIQUE.incrementAndGet()));
            case "email" -> Arbitraries.frequencyOf(
                    net.jqwik.api.Tuple.of(4, Arbitraries.randomValue(random ->
                            text("fz-" + UNIQUE.incrementAndGet() + "@example.com"))),
                    net.jqwik.api.Tuple.of(1, Arbitraries.just(text(ownerEmail))));
            case "password" -> Arbitraries.oneOf(Arbitraries.just(text(ownerPassword)),
                    Arbitraries.strings().alpha().numeric().ofMinLength(12).ofMaxLength(40).map(NODES::textNode));
            case "role" -> texts("admin", "developer");
            case "mode" -> texts("sandbox", "production");
            case "outcome" -> texts("verified", "rejected");
            case "urgency" -> texts("standard", "instant");
            case "method" -> texts("bank_transfer", "wire", "ach");
            case "amount" -> Arbitraries.longs().between(1, 5_000).map(NODES::numberNode);
            case "expires_in" -> Arbitraries.integers().between(1, 365).map(NODES::numberNode);
            case "scopes" -> subsets(SCOPES);
            case "events" -> subsets(WEBHOOK_EVENTS);
            case "url" -> Arbitraries.randomValue(random -> text(WEBHOOK_TARGET + UNIQUE.incrementAndGet()));
            case "scheduledFor" -> Arbitraries.longs().between(1, 30 * 24).map(hours ->
                    text(Instant.now().plus(Duration.ofHours(hours)).toString()));
            case "driverId" -> existing("drv");
            case "payoutId" -> existing("pay");
            case "payoutIds" -> Arbitraries.randomValue(random -> fixtures.id("pay", random)).list().ofMinSize(1)
                    .ofMaxSize(3).map(FieldHints::array);
            case "reason", "approval_reason" -> texts("documents did not match", "paying our drivers");
            case "id" -> Arbitraries.randomValue(random -> text("evt-fz-" + UNIQUE.incrementAndGet()));
            case "iban" -> texts("DE89370400440532013000", "GB82WEST12345698765432");
            case "bic" -> texts("COBADEFFXXX", "NWBKGB2L");
            default -> null;
        });
    }

    /** A query parameter's value where the schema says only "string". */
    Optional<Arbitrary<String>> query(String parameter) {
        return Optional.ofNullable(switch (parameter) {
            case "driverId" -> Arbitraries.randomValue(random -> fixtures.id("drv", random));
            case "resource" -> Arbitraries.randomValue(fixtures::anyId);
            case "type" -> Arbitraries.of(EVENT_TYPES);
            case "event" -> Arbitraries.of(WEBHOOK_EVENTS);
            case "asOf", "from", "to" -> Arbitraries.longs().between(0, 48).map(hours ->
                    Instant.now().minus(Duration.ofHours(hours)).toString());
            case "processor" -> Arbitraries.randomValue(random -> fixtures.processors().isEmpty()
                    ? "driver-projection" : fixtures.processors().get(random.nextInt(fixtures.processors().size())));
            case "limit" -> Arbitraries.integers().between(1, 100).map(String::valueOf);
            case "days" -> Arbitraries.integers().between(1, 90).map(String::valueOf);
            case "amount" -> Arbitraries.longs().between(1, 100_000).map(String::valueOf);
            default -> null;
        });
    }

    private Arbitrary<JsonNode> existing(String prefix) {
        return Arbitraries.randomValue(random -> text(fixtures.id(prefix, random)));
    }

    private static Arbitrary<JsonNode> texts(String... values) {
        return Arbitraries.of(values).map(NODES::textNode);
    }

    private static Arbitrary<JsonNode> subsets(List<String> values) {
        return Arbitraries.of(values).set().ofMinSize(1).ofMaxSize(values.size())
                .map(chosen -> array(values.stream().filter(chosen::contains).toList()));
    }

    private static JsonNode array(List<String> values) {
        return NODES.arrayNode().addAll(values.stream().map(NODES::textNode).toList());
    }

    private static JsonNode text(String value) {
        return NODES.textNode(value);
    }
}
