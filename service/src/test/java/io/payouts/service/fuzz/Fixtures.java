package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ids of resources that exist, by prefix ({@code drv}, {@code pay}, …), gathered from every answer the service
 * accepted: requests that name them get past the lookup and into the operation. The fuzzer's own credentials are
 * kept out, so that it never revokes or regenerates the key it is using.
 */
final class Fixtures {

    private static final Pattern ID = Pattern.compile("([a-z]+)_[0-9A-Za-z]{8,64}");
    private static final Set<String> SECRETS = Set.of("svc", "whsec", "sess", "req");
    private static final int KEPT_PER_PREFIX = 200;

    private final Map<String, List<String>> byPrefix = new LinkedHashMap<>();
    private final Set<String> protectedIds = new HashSet<>();
    private final List<String> processors = new ArrayList<>();

    void protect(String id) {
        protectedIds.add(id);
        byPrefix.values().forEach(ids -> ids.remove(id));
    }

    void processors(List<String> names) {
        processors.addAll(names);
    }

    List<String> processors() {
        return processors;
    }

    /** Every id-shaped text of an accepted answer. */
    void harvest(JsonNode node) {
        if (node == null) {
            return;
        }
        if (node.isTextual()) {
            Matcher id = ID.matcher(node.asText());
            if (id.matches() && !SECRETS.contains(id.group(1)) && !protectedIds.contains(node.asText())) {
                List<String> ids = byPrefix.computeIfAbsent(id.group(1), ignored -> new ArrayList<>());
                if (!ids.contains(node.asText()) && ids.size() < KEPT_PER_PREFIX) {
                    ids.add(node.asText());
                }
            }
            return;
        }
        node.forEach(this::harvest);
    }

    /** An existing id of that prefix, or one of the right shape that names nothing. */
    String id(String prefix, Random random) {
        List<String> ids = byPrefix.getOrDefault(prefix, List.of());
        if (ids.isEmpty() || random.nextInt(10) == 0) {
            return prefix + "_" + hex(random);
        }
        return ids.get(random.nextInt(ids.size()));
    }

    /** Any existing id, of any prefix. */
    String anyId(Random random) {
        List<String> prefixes = byPrefix.keySet().stream().toList();
        return prefixes.isEmpty() ? "drv_" + hex(random) : id(prefixes.get(random.nextInt(prefixes.size())), random);
    }

    private static String hex(Random random) {
        StringBuilder hex = new StringBuilder();
        for (int digit = 0; digit < 32; digit++) {
            hex.append(Character.forDigit(random.nextInt(16), 16));
        }
        return hex.toString();
    }
}
