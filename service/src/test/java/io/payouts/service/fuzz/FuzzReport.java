package io.payouts.service.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What a run sent and found. A failure is distinct by its check, operation and mutation family; the first request
 * that showed it is kept to reproduce it. Written to target/fuzz/report.md.
 */
final class FuzzReport {

    static final Path FILE = Path.of("target", "fuzz", "report.md");

    private final long seed;
    private final int size;
    private final Map<String, Failure> failures = new LinkedHashMap<>();
    private final Map<String, Integer> statuses = new TreeMap<>();
    private final Map<String, Integer> families = new TreeMap<>();
    private final Map<String, Integer> unexpectedAcceptances = new TreeMap<>();
    private final Map<String, Long> nanosByOperation = new TreeMap<>();
    private long requests;
    private long comparedSegments;
    private long skippedSegments;

    FuzzReport(long seed, int size) {
        this.seed = seed;
        this.size = size;
    }

    /** One distinct failure: how often it was met, and the first request that met it. */
    static final class Failure {
        final String check;
        final String operation;
        final String family;
        final String detail;
        final String request;
        int count;

        Failure(String check, String operation, String family, String detail, String request) {
            this.check = check;
            this.operation = operation;
            this.family = family;
            this.detail = detail;
            this.request = request;
        }
    }

    void sent(Operation operation, String family, Answer answer, long nanos) {
        requests++;
        nanosByOperation.merge(operation.toString(), nanos, Long::sum);
        statuses.merge(String.valueOf(answer.status()), 1, Integer::sum);
        families.merge(family, 1, Integer::sum);
    }

    void failed(String check, String operation, String family, String detail, String request) {
        failures.computeIfAbsent(check + " | " + operation + " | " + family,
                ignored -> new Failure(check, operation, family, detail, request)).count++;
    }

    void acceptedThoughBroken(Operation operation, String family) {
        unexpectedAcceptances.merge(operation + " " + family, 1, Integer::sum);
    }

    void segment(boolean compared) {
        if (compared) {
            comparedSegments++;
        } else {
            skippedSegments++;
        }
    }

    long requests() {
        return requests;
    }

    List<Failure> failures() {
        return List.copyOf(failures.values());
    }

    String summary(Duration took) {
        return ("%d requests (seed %d, size %d) in %d s: %d distinct failures; %d runs of refusals compared with"
                + " the read models, %d not (an accepted write among them)").formatted(requests, seed, size,
                took.toSeconds(), failures.size(), comparedSegments, skippedSegments);
    }

    void write(Duration took) {
        StringBuilder text = new StringBuilder("# Fuzz run\n\n").append(summary(took)).append("\n\n");
        text.append("Statuses: ").append(statuses).append("\n\nRequests by family: ").append(families)
                .append("\n\n## Operations failing, by check and family\n\n");
        failures.values().stream().collect(Collectors.groupingBy(failure -> failure.check + " | " + failure.family,
                TreeMap::new, Collectors.mapping(failure -> failure.operation, Collectors.toCollection(TreeSet::new))))
                .forEach((kind, operations) -> text.append("- ").append(kind).append(": ").append(operations.size())
                        .append(" (").append(String.join(", ", operations)).append(")\n"));
        text.append("\n## Distinct failures\n\n");
        for (Failure failure : failures.values()) {
            text.append("### ").append(failure.check).append(" — ").append(failure.operation).append(" — ")
                    .append(failure.family).append(" (×").append(failure.count).append(")\n\n")
                    .append(failure.detail).append("\n\n```\n").append(failure.request).append("\n```\n\n");
        }
        text.append("## Slowest operations (seconds in all)\n\n").append(nanosByOperation.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(10)
                .map(entry -> "- %s %.1f".formatted(entry.getKey(), entry.getValue() / 1e9))
                .collect(Collectors.joining("\n"))).append("\n\n");
        text.append("## Broken requests the service accepted\n\n").append(unexpectedAcceptances.entrySet().stream()
                .map(entry -> "- " + entry.getKey() + " ×" + entry.getValue()).collect(Collectors.joining("\n")))
                .append('\n');
        try {
            Files.createDirectories(FILE.getParent());
            Files.writeString(FILE, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
