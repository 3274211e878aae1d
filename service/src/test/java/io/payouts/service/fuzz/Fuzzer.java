package io.payouts.service.fuzz;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sends every operation's generated requests and their broken variants, and checks every answer. Requests the
 * service should refuse go first, operation by operation, each operation's run of them between two quiet
 * snapshots of the events and read models; a refused request that was accepted ends its run uncompared. Then the
 * valid requests and the breakages the service may well accept, the destructive operations last (deletions, and the
 * sandbox reset at the very end). Every refused request is also looked for among the stored events' request ids,
 * at once and after the run.
 */
final class Fuzzer {

    private static final String VALID = "valid";
    private static final AtomicLong UNIQUE = new AtomicLong();

    private final List<Operation> operations;
    private final RequestGenerator generator;
    private final Credentials credentials;
    private final Fixtures fixtures;
    private final Sender sender;
    private final Checks checks;
    private final StoreWatch store;
    private final FuzzReport report;
    private final Random random;
    private final int size;
    private final Map<String, String> refused = new HashMap<>();
    private final Set<String> acceptedWrites = new HashSet<>();
    private boolean wroteSinceSnapshot;
    private StoreWatch.Snapshot lastSnapshot;
    private long acceptedWritesFound;

    Fuzzer(List<Operation> operations, RequestGenerator generator, Credentials credentials, Fixtures fixtures,
           Sender sender, Checks checks, StoreWatch store, FuzzReport report, long seed, int size) {
        this.operations = operations;
        this.generator = generator;
        this.credentials = credentials;
        this.fixtures = fixtures;
        this.sender = sender;
        this.checks = checks;
        this.store = store;
        this.report = report;
        this.random = new Random(seed);
        this.size = size;
    }

    private record Planned(Operation operation, GeneratedRequest base, Mutation mutation) {

        String family() {
            return mutation == null ? VALID : mutation.family();
        }

        RawRequest request() {
            return mutation == null ? base.request() : mutation.request();
        }
    }

    void run() {
        List<Planned> later = new ArrayList<>();
        for (Operation operation : operations) {
            List<Planned> refusals = new ArrayList<>();
            for (Planned planned : plan(operation)) {
                boolean refusal = planned.mutation() != null && planned.mutation().expectRefusal();
                (refusal ? refusals : later).add(planned);
            }
            refusalsOf(operation, refusals);
        }
        later.sort(Comparator.comparingInt(planned -> rank(planned.operation())));
        later.forEach(this::send);
    }

    /**
     * {@code size} broken requests of the operation: the families that apply take turns, in a shuffled order, and
     * each turn breaks a newly generated request, which is sent as it is too.
     */
    private List<Planned> plan(Operation operation) {
        List<Planned> planned = new ArrayList<>();
        List<String> turn = new ArrayList<>();
        GeneratedRequest base = null;
        BodyMutations body = null;
        RequestMutations request = null;
        int broken = 0;
        for (int attempt = 0; broken < size && attempt < size * 10; attempt++) {
            if (turn.isEmpty()) {
                base = generator.next(operation, random);
                planned.add(new Planned(operation, base, null));
                turn.addAll(RequestMutations.FAMILIES);
                if (base.body() != null) {
                    turn.addAll(BodyMutations.FAMILIES);
                    body = new BodyMutations(base.request(), base.body(), BodyField.of(base.body(),
                            operation.body()), operation.bodyRequired(), random);
                }
                Collections.shuffle(turn, random);
                request = new RequestMutations(base, documentedMethods(operation), random);
            }
            String family = turn.remove(0);
            Optional<Mutation> mutation = BodyMutations.FAMILIES.contains(family) ? body.of(family)
                    : request.of(family);
            if (mutation.isPresent()) {
                planned.add(new Planned(operation, base, ownIds(base.request(), mutation.get())));
                broken++;
            }
        }
        return planned;
    }

    /** After the run: no stored event carries the id of a request the service refused. */
    void sweep() {
        Set<String> stored = store.requestIds();
        acceptedWritesFound = acceptedWrites.stream().filter(stored::contains).count();
        for (String requestId : stored) {
            String refusal = refused.get(requestId);
            if (refusal != null) {
                report.failed("a refused request wrote nothing", refusal, "(after the run)",
                        "an event stored later carries the refused request's id " + requestId, refusal);
            }
        }
    }

    /** How many of the accepted writes the sweep found events of: the proof that it can see a request's events. */
    long acceptedWritesFound() {
        return acceptedWrites.isEmpty() ? 0 : acceptedWritesFound;
    }

    private void refusalsOf(Operation operation, List<Planned> refusals) {
        if (operation.reads()) {
            refusals.forEach(this::send);
            return;
        }
        StoreWatch.Snapshot before = lastSnapshot != null && !wroteSinceSnapshot ? lastSnapshot : store.snapshot();
        wroteSinceSnapshot = false;
        lastSnapshot = null;
        for (Planned planned : refusals) {
            Answer answer = send(planned);
            if (answer != null && !answer.refused()) {
                report.acceptedThoughBroken(operation, planned.family());
            }
        }
        if (wroteSinceSnapshot) {
            report.segment(false);
        } else {
            StoreWatch.Snapshot after = store.snapshot();
            lastSnapshot = after;
            report.segment(true);
            if (!after.equals(before)) {
                report.failed("a refused request wrote nothing", operation.toString(), "(its refusals together)",
                        "before " + before + ", after " + after, refusals.size() + " refused requests");
            }
        }
    }

    /**
     * A broken request gets its own X-Request-Id and Idempotency-Key where it kept its base's: the events a request
     * wrote are found by its id, and a key already used would only replay the first answer.
     */
    private static Mutation ownIds(RawRequest base, Mutation mutation) {
        RawRequest request = mutation.request();
        for (String header : List.of("X-Request-Id", "Idempotency-Key")) {
            String value = base.header(header);
            if (value != null && value.equals(request.header(header))) {
                request = request.withHeader(header, value + "-" + UNIQUE.incrementAndGet());
            }
        }
        return new Mutation(mutation.family(), request, mutation.field(), mutation.expectRefusal(),
                mutation.malformedHttp());
    }

    private static RawRequest ownIds(RawRequest request) {
        return ownIds(request, new Mutation(VALID, request, null, false)).request();
    }

    private List<String> documentedMethods(Operation operation) {
        return operations.stream().filter(other -> other.template().equals(operation.template()))
                .map(Operation::method).toList();
    }

    /** Sends, checks and records one request; null when the JDK's client would not send it as it is. */
    private Answer send(Planned planned) {
        Operation operation = planned.operation();
        RawRequest request = credentials.sign(operation, planned.request());
        long head = store.head();
        Answer answer;
        long started = System.nanoTime();
        try {
            answer = sender.send(request);
        } catch (IllegalArgumentException unsendable) {
            return null;
        } catch (UncheckedIOException noAnswer) {
            report.failed("the service answers", operation.toString(), planned.family(),
                    String.valueOf(noAnswer.getCause()), request.describe());
            return null;
        }
        report.sent(operation, planned.family(), answer, System.nanoTime() - started);
        noteWrite(request, answer);
        List<Checks.Problem> problems = new ArrayList<>(checks.of(request, answer, planned.mutation()));
        if (answer.refused() && answer.requestId() != null) {
            refused.put(answer.requestId(), operation.toString());
            long written = store.writtenBy(answer.requestId(), head);
            if (written > 0) {
                problems.add(new Checks.Problem("a refused request wrote nothing",
                        answer.status() + " " + answer.errorCode() + " yet " + written + " events carry its id"));
            }
        }
        if (problems.stream().anyMatch(problem -> problem.check().equals("a validation error names the field"))
                && baseRefusedForAField(planned)) {
            problems.removeIf(problem -> problem.check().equals("a validation error names the field"));
        }
        problems.forEach(problem -> report.failed(problem.check(), operation.toString(), planned.family(),
                problem.detail(), request.describe() + "\n→ " + answer.status() + " " + cut(answer.body())));
        if (answer.accepted()) {
            fixtures.harvest(answer.json());
            credentials.spent(operation, answer);
        }
        return answer;
    }

    /**
     * A mutation's 400 may name another field the generated request already had wrong (the schema does not say all
     * the service checks, and it reports one problem at a time): then the unbroken request is refused too.
     */
    private boolean baseRefusedForAField(Planned planned) {
        Answer base;
        long started = System.nanoTime();
        try {
            base = sender.send(credentials.sign(planned.operation(), ownIds(planned.base().request())));
        } catch (UncheckedIOException | IllegalArgumentException noAnswer) {
            return false;
        }
        report.sent(planned.operation(), VALID, base, System.nanoTime() - started);
        noteWrite(planned.base().request(), base);
        if (base.refused() && base.requestId() != null) {
            refused.put(base.requestId(), planned.operation().toString());
        }
        if (base.accepted()) {
            fixtures.harvest(base.json());
        }
        return base.status() == 400 && "VALIDATION_ERROR".equals(base.errorCode());
    }

    private void noteWrite(RawRequest request, Answer answer) {
        if (!answer.refused() && !request.method().equals("GET")) {
            wroteSinceSnapshot = true;
            if (answer.accepted() && answer.requestId() != null) {
                acceptedWrites.add(answer.requestId());
            }
        }
    }

    /** Reads first, then writes, then deletions, then whatever signs out, and the sandbox reset last of all. */
    private static int rank(Operation operation) {
        if (operation.template().equals("/api/v1/sandbox/reset")) {
            return 4;
        }
        if (operation.method().equals("DELETE")) {
            return operation.template().startsWith("/api/v1/auth/") ? 3 : 2;
        }
        return operation.reads() ? 0 : 1;
    }

    private static String cut(String text) {
        return text == null || text.length() <= 300 ? String.valueOf(text) : text.substring(0, 300) + "…";
    }
}
