package io.payouts.service.money;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.platform.signing.WebhookSignature;
import io.payouts.service.support.Api;
import io.payouts.service.support.ServiceOverHttp;
import io.payouts.service.support.WalletInvariant;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import io.payouts.testsupport.money.MoneyModel;
import io.payouts.testsupport.money.MoneyModel.NewPayout;
import io.payouts.testsupport.money.MoneyModel.Verdict;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

/** A sandbox with its own model; each try resets it first. */
final class ModelledSandbox {

    private static final Duration AGREE = Duration.ofSeconds(20);
    private static final Duration SETTLE = Duration.ofSeconds(40);

    private final Api api;
    MoneyModel model = new MoneyModel();
    final List<String> drivers = new ArrayList<>();
    final Set<String> processedEvents = new HashSet<>();
    final List<String> sentEvents = new ArrayList<>();
    final List<String> history = new ArrayList<>();
    long clock;
    int events;

    ModelledSandbox(Api api) {
        this.api = api;
        startAfresh();
    }

    boolean hasPayouts() {
        return !model.payouts().isEmpty();
    }

    Api client() {
        return api.withBearer(api.bearer());
    }

    /** Resets the sandbox; two payable drivers, one whose KYC is pending, and 200.00 settled. */
    void startAfresh() {
        Api.Response reset = client().post("/api/v1/sandbox/reset", null);
        assertThat(reset.status()).as("reset: %s", reset).isEqualTo(200);
        model.resetSandbox();
        drivers.clear();
        sentEvents.clear();
        processedEvents.clear();
        for (int n = 0; n < 3; n++) {
            String driverId = client().registerDriver().path("id").asText();
            model.registerDriver(driverId, Mode.SANDBOX);
            if (n < 2) {
                Api.Response verified = client().post("/api/v1/drivers/" + driverId + "/kyc",
                        "{\"outcome\":\"verified\"}");
                assertThat(verified.status()).as("verifying: %s", verified).isEqualTo(200);
                model.verifyKyc(driverId, Mode.SANDBOX);
            }
            drivers.add(driverId);
        }
        Api.Response topUp = client().post("/api/v1/funding/topup",
                "{\"amount\":20000,\"method\":\"bank_transfer\"}");
        assertThat(topUp.status()).as("top-up: %s", topUp).isEqualTo(200);
        String transactionId = topUp.data().path("transactionId").asText();
        model.requestTopUp(Mode.SANDBOX, transactionId, 20_000);
        model.settleTopUp(Mode.SANDBOX, transactionId, null);
        agree("a reset and a first top-up");
    }

    /** Sends the requests (two at once when there are two) and finds how the model explains the answers. */
    void run(String step, List<Request> requests) {
        clock++;
        history.add(step);
        followTheRail();
        requests.forEach(request -> request.resolve(this));
        List<Answer> answers = sendAll(requests);
        explain(step, requests, answers);
        agree(step);
    }

    private List<Answer> sendAll(List<Request> requests) {
        if (requests.size() == 1) {
            return List.of(requests.get(0).send(client()));
        }
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<Answer>> sent = requests.stream().map(request -> CompletableFuture.supplyAsync(
                () -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return request.send(client());
                })).toList();
        go.countDown();
        return sent.stream().map(CompletableFuture::join).toList();
    }

    /**
     * Some order of the requests, after some of the rail's own moves of the payouts they touch (and of those
     * whose failure on the rail gives money back), must lead the model to the answers the service gave.
     */
    private void explain(String step, List<Request> requests, List<Answer> answers) {
        Set<String> touched = new LinkedHashSet<>();
        requests.forEach(request -> touched.addAll(request.touches(model)));
        List<Map<String, PayoutStatus>> railMoves = new ArrayList<>();
        railMoves.add(new HashMap<>());
        touched.removeIf(payoutId -> model.payout(payoutId).isEmpty());
        for (String payoutId : touched) {
            List<Map<String, PayoutStatus>> more = new ArrayList<>();
            for (Map<String, PayoutStatus> moves : railMoves) {
                for (PayoutStatus status : simulatedRailReachable(model, payoutId)) {
                    Map<String, PayoutStatus> extended = new HashMap<>(moves);
                    extended.put(payoutId, status);
                    more.add(extended);
                }
            }
            railMoves = more;
        }
        List<List<Integer>> orders = requests.size() == 1 ? List.of(List.of(0)) : List.of(List.of(0, 1),
                List.of(1, 0));
        List<String> tried = new ArrayList<>();
        for (Map<String, PayoutStatus> moves : railMoves) {
            for (List<Integer> order : orders) {
                MoneyModel candidate = model.copy();
                moves.forEach((payoutId, status) -> candidate.followRail(payoutId, status, clock));
                boolean explained = true;
                for (int index : order) {
                    List<ErrorCode> expected = Request.refusals(requests.get(index).expect(candidate, answers.get(index),
                            clock));
                    explained &= expected.equals(answers.get(index).verdicts());
                    tried.add(moves + " " + order + ": " + expected);
                }
                if (explained) {
                    model = candidate;
                    for (int i = 0; i < requests.size(); i++) {
                        requests.get(i).explained(this, answers.get(i));
                    }
                    for (int i = 0; i < requests.size(); i++) {
                        String kind = (requests.size() > 1 ? "at once: " : "")
                                + requests.get(i).toString().replaceAll(" [0-9#(\\[].*| an .*| payout .*", "");
                        answers.get(i).verdicts().forEach(verdict -> Statistics.label("answers")
                                .collect(kind, verdict == null ? "done" : verdict.name()));
                    }
                    return;
                }
            }
        }
        fail("after %s, no order of the requests and no move of the rail explains the answers %s; the model "
                + "tried %s; the model was %s", history, answers.stream().map(Answer::verdicts).toList(), tried,
                model);
    }

    /**
     * Where the simulated rail may still take a payout by itself: on towards completion, or towards failure for
     * the first attempt of one made with payout_failed, never the other way.
     */
    private static List<PayoutStatus> simulatedRailReachable(MoneyModel model, String payoutId) {
        return model.railReachable(payoutId).stream().filter(status -> simulatedRailMayEnd(model, payoutId,
                status)).toList();
    }

    private static boolean simulatedRailMayEnd(MoneyModel model, String payoutId, PayoutStatus status) {
        MoneyModel.Payout payout = model.payout(payoutId).orElseThrow();
        boolean fails = payout.failOnRail() && payout.attempts() == 1;
        return payout.status() == status || (status != PayoutStatus.FAILED || fails)
                && (status != PayoutStatus.COMPLETED || !fails);
    }

    /** The model follows where the rail took the payouts (as far as the payouts' read model shows yet). */
    private void followTheRail() {
        statuses().forEach((payoutId, status) -> {
            if (model.payout(payoutId).isPresent() && model.payout(payoutId).get().status() != status) {
                model.followRail(payoutId, status, clock);
            }
        });
    }

    private Map<String, PayoutStatus> statuses() {
        Api.Response list = client().get("/api/v1/payouts?pageSize=100");
        assertThat(list.status()).as("listing payouts: %s", list).isEqualTo(200);
        Map<String, PayoutStatus> statuses = new HashMap<>();
        list.data().path("items").forEach(item -> statuses.put(item.path("id").asText(),
                PayoutStatus.valueOf(item.path("status").asText().toUpperCase())));
        return statuses;
    }

    /** The read API comes to show what the model holds: every payout's status (or a later one on the rail). */
    void agree(String step) {
        await("after " + step + ", the payouts and the balance agree with the model").atMost(AGREE)
                .pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
                    Map<String, PayoutStatus> observed = statuses();
                    assertThat(observed.keySet()).as("the payouts of the sandbox")
                            .containsExactlyInAnyOrderElementsOf(model.payouts().stream().map(p -> p.id).toList());
                    for (MoneyModel.Payout payout : model.payouts()) {
                        PayoutStatus status = observed.get(payout.id);
                        if (status != payout.status()) {
                            assertThat(simulatedRailMayEnd(model, payout.id, status)
                                    && model.followRail(payout.id, status, clock))
                                    .as("%s shows %s: where the rail could have taken it", payout, status)
                                    .isTrue();
                        }
                    }
                    JsonNode balance = client().get("/api/v1/balance").data();
                    assertThat(List.of(balance.path("available").asLong(), balance.path("pending").asLong(),
                            balance.path("inTransit").asLong())).as("available, pending, in transit; model %s",
                            model).containsExactly(model.available(Mode.SANDBOX), model.pending(Mode.SANDBOX),
                            model.inTransit(Mode.SANDBOX));
                });
        model.requireConserved();
        WalletInvariant.assertHolds(client());
    }

    /** Once the rail is done: every payout ended as the model says it must, and so did every batch. */
    void settleAndAgree() {
        await("the rail finishes every payout as the model says").atMost(SETTLE)
                .pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
                    Map<String, PayoutStatus> observed = statuses();
                    for (MoneyModel.Payout payout : model.payouts()) {
                        PayoutStatus status = observed.get(payout.id);
                        if (status != payout.status()) {
                            model.followRail(payout.id, status, clock);
                        }
                        PayoutStatus end = switch (payout.status()) {
                            case VALIDATED, QUEUED, PROCESSING -> payout.failOnRail() && payout.attempts() == 1
                                    ? PayoutStatus.FAILED : PayoutStatus.COMPLETED;
                            default -> payout.status();
                        };
                        assertThat(observed.get(payout.id)).as("where %s ends", payout).isEqualTo(end);
                    }
                });
        agree("the rail finished");
        model.deliverAllOutcomes();
        for (MoneyModel.Batch batch : model.batches()) {
            await("batch " + batch.id + " ends " + batch.status()).atMost(AGREE).untilAsserted(() ->
                    assertThat(client().get("/api/v1/batches/" + batch.id).data().path("status").asText())
                            .isEqualTo(batch.status().name().toLowerCase()));
        }
    }

    // The requests

    /** A driver by place: the first two are payable, the third's KYC is pending. */
    Arbitrary<Integer> driverIds() {
        return Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.of(0, 1)), Tuple.of(1, Arbitraries.just(2)));
    }

    Arbitrary<Request> topUp() {
        return Arbitraries.longs().between(2_000, 20_000).map(amount -> new Request() {
            public Answer send(Api client) {
                return Answer.single(client.post("/api/v1/funding/topup",
                        "{\"amount\":%d,\"method\":\"bank_transfer\"}".formatted(amount)));
            }

            public List<Verdict> expect(MoneyModel model, Answer answer, long at) {
                String transactionId = answer.response().data().path("transactionId").asText("txn_?");
                model.requestTopUp(Mode.SANDBOX, transactionId, amount);
                return List.of(model.settleTopUp(Mode.SANDBOX, transactionId, null));
            }

            public Set<String> touches(MoneyModel model) {
                return Set.of();
            }

            @Override
            public String toString() {
                return "top up " + amount;
            }
        });
    }

    Arbitrary<Request> pay() {
        return Combinators.combine(driverIds(), Arbitraries.longs().between(100, 8_000),
                Arbitraries.of(Rail.STANDARD, Rail.STANDARD, Rail.INSTANT), Arbitraries.of(false, false, false,
                        true)).as((driver, amount, rail, failing) -> new Request() {
            private String driverId;

            public void resolve(ModelledSandbox sandbox) {
                driverId = sandbox.drivers.get(driver);
            }

            public Answer send(Api client) {
                if (failing) {
                    client.header("X-Sandbox-Scenario", "payout_failed");
                }
                Api.Response response = rail == Rail.INSTANT
                        ? client.post("/api/v1/payouts/instant",
                        "{\"driverId\":\"%s\",\"amount\":%d}".formatted(driverId, amount))
                        : client.post("/api/v1/payouts",
                        "{\"driverId\":\"%s\",\"amount\":%d}".formatted(driverId, amount));
                if (response.status() == 200) {
                    assertThat(response.data().path("fee").asLong()).as("fee of %s", response)
                            .isEqualTo(MoneyModel.fee(rail, amount));
                }
                return Answer.single(response);
            }

            public List<Verdict> expect(MoneyModel model, Answer answer, long at) {
                return model.admit(Mode.SANDBOX, List.of(new NewPayout(answer.ids().get(0), driverId, amount,
                        MoneyModel.fee(rail, amount), rail)), List.of(), at, failing);
            }

            public Set<String> touches(MoneyModel model) {
                return moneyComingBack(model);
            }

            @Override
            public String toString() {
                return "pay " + rail + " " + amount + " to driver " + driver + (failing ? " (payout_failed)" : "");
            }
        });
    }

    Arbitrary<Request> bulkPay() {
        return Combinators.combine(driverIds(), Arbitraries.longs().between(100, 6_000)).as(Tuple::of).list()
                .ofMinSize(1).ofMaxSize(4).map(items -> new Request() {
                    private List<String> driverIds;

                    public void resolve(ModelledSandbox sandbox) {
                        driverIds = items.stream().map(item -> sandbox.drivers.get(item.get1())).toList();
                    }

                    public Answer send(Api client) {
                        List<String> payouts = new ArrayList<>();
                        for (int i = 0; i < items.size(); i++) {
                            payouts.add("{\"driverId\":\"%s\",\"amount\":%d}".formatted(driverIds.get(i),
                                    items.get(i).get2()));
                        }
                        Api.Response response = client.post("/api/v1/payouts/bulk",
                                "{\"urgency\":\"standard\",\"payouts\":[" + String.join(",", payouts) + "]}");
                        assertThat(response.status()).as("bulk: %s", response).isEqualTo(200);
                        List<ErrorCode> verdicts = new ArrayList<>();
                        List<String> ids = new ArrayList<>();
                        response.data().path("results").forEach(result -> {
                            boolean done = result.path("status").asText().equals("success");
                            verdicts.add(done ? null : ErrorCode.valueOf(result.path("code").asText()));
                            ids.add(result.path("item").path("id").asText(""));
                        });
                        return new Answer(response, verdicts, ids);
                    }

                    public List<Verdict> expect(MoneyModel model, Answer answer, long at) {
                        List<NewPayout> payouts = new ArrayList<>();
                        for (int i = 0; i < items.size(); i++) {
                            payouts.add(new NewPayout(answer.ids().get(i), driverIds.get(i), items.get(i).get2(),
                                    0, Rail.STANDARD));
                        }
                        return model.admit(Mode.SANDBOX, payouts, List.of(), at);
                    }

                    public Set<String> touches(MoneyModel model) {
                        return moneyComingBack(model);
                    }

                    @Override
                    public String toString() {
                        return "bulk pay " + items.stream().map(item -> item.get2() + " to driver " + item.get1())
                                .toList();
                    }
                });
    }

    Arbitrary<Request> cancel() {
        return PayoutPick.arbitrary().map(pick -> new Request() {
            private String payoutId;

            public void resolve(ModelledSandbox sandbox) {
                payoutId = pick.resolve(sandbox.model);
            }

            public Answer send(Api client) {
                return Answer.single(client.post("/api/v1/payouts/" + payoutId + "/cancel", null));
            }

            public List<Verdict> expect(MoneyModel model, Answer answer, long at) {
                return List.of(model.cancel(Mode.SANDBOX, payoutId, at));
            }

            public Set<String> touches(MoneyModel model) {
                return Set.of(payoutId);
            }

            @Override
            public String toString() {
                return "cancel " + pick;
            }
        });
    }

    Arbitrary<Request> retry() {
        return PayoutPick.arbitrary().map(pick -> new Request() {
            private String payoutId;

            public void resolve(ModelledSandbox sandbox) {
                payoutId = pick.resolve(sandbox.model);
            }

            public Answer send(Api client) {
                return Answer.single(client.post("/api/v1/payouts/" + payoutId + "/retry", null));
            }

            public List<Verdict> expect(MoneyModel model, Answer answer, long at) {
                return model.admit(Mode.SANDBOX, List.of(), List.of(payoutId), at);
            }

            public Set<String> touches(MoneyModel model) {
                Set<String> touched = new LinkedHashSet<>(moneyComingBack(model));
                touched.add(payoutId);
                return touched;
            }

            @Override
            public String toString() {
                return "retry " + pick;
            }
        });
    }

    /** The rail reports an outcome through the inbound webhook, under a new event id or one sent before. */
    Arbitrary<Request> webhook() {
        return Combinators.combine(PayoutPick.arbitrary(), Arbitraries.of(true, true, false),
                Arbitraries.integers().between(-3, 99)).as((pick, completed, repeat) -> new Request() {
            private String payoutId;
            private String eventId;

            public void resolve(ModelledSandbox sandbox) {
                payoutId = pick.resolve(sandbox.model);
                eventId = repeat < 0 || sandbox.sentEvents.isEmpty() ? "evt_model_" + UUID.randomUUID()
                        : sandbox.sentEvents.get(repeat % sandbox.sentEvents.size());
            }

            public Answer send(Api client) {
                String type = completed ? "payout.completed" : "payout.failed";
                String body = ("{\"id\":\"%s\",\"event\":\"%s\",\"timestamp\":\"%s\",\"data\":"
                        + "{\"payoutId\":\"%s\",\"status\":\"%s\",\"amount\":1}}").formatted(eventId, type,
                        Instant.now(), payoutId, completed ? "completed" : "failed");
                return Answer.single(client.anonymous().header(WebhookSignature.HEADER,
                        WebhookSignature.header(Instant.now(), body, List.of(ServiceOverHttp.INBOUND_SECRET)))
                        .post("/api/v1/webhooks/inbound", body));
            }

            public List<Verdict> expect(MoneyModel model, Answer answer, long at) {
                if (processedEvents.contains(eventId)) {
                    return List.of(Verdict.DONE);
                }
                return List.of(completed ? model.complete(payoutId, at) : model.fail(payoutId, at));
            }

            public Set<String> touches(MoneyModel model) {
                return Set.of(payoutId);
            }

            @Override
            public void explained(ModelledSandbox sandbox, Answer answer) {
                sandbox.sentEvents.add(eventId);
                if (answer.verdicts().get(0) == null) {
                    sandbox.processedEvents.add(eventId);
                }
            }

            @Override
            public String toString() {
                return "the rail's webhook says " + pick + (completed ? " completed" : " failed")
                        + (repeat < 0 ? "" : " (an event id sent before, if any)");
            }
        });
    }

    Arbitrary<Request> createBatch() {
        return Combinators.combine(Arbitraries.of("standard", "instant"), Combinators.combine(
                        Arbitraries.frequencyOf(Tuple.of(12, Arbitraries.of(0, 1)), Tuple.of(1, Arbitraries.just(2))),
                        Arbitraries.longs().between(100, 5_000)).as(Tuple::of).list().ofMinSize(1).ofMaxSize(3))
                .as((urgency, items) -> new Request() {
                    private List<String> driverIds;

                    public void resolve(ModelledSandbox sandbox) {
                        driverIds = items.stream().map(item -> sandbox.drivers.get(item.get1())).toList();
                    }

                    public Answer send(Api client) {
                        List<String> payouts = new ArrayList<>();
                        for (int i = 0; i < items.size(); i++) {
                            payouts.add("{\"driverId\":\"%s\",\"amount\":%d}".formatted(driverIds.get(i),
                                    items.get(i).get2()));
                        }
                        Api.Response response = client.post("/api/v1/batches", "{\"name\":\"week 9\",\"urgency\":\""
                                + urgency + "\",\"payouts\":[" + String.join(",", payouts) + "]}");
                        List<String> ids = new ArrayList<>();
                        if (response.status() == 200) {
                            String batchId = response.data().path("id").asText();
                            ids.add(batchId);
                            await("batch " + batchId + " is readable").atMost(AGREE).until(() -> client
                                    .get("/api/v1/batches/" + batchId).data().path("payouts").size()
                                    == items.size());
                            client.get("/api/v1/batches/" + batchId).data().path("payouts")
                                    .forEach(payout -> ids.add(payout.path("id").asText()));
                        }
                        return new Answer(response, Arrays.asList(Answer.code(response)), ids);
                    }

                    public List<Verdict> expect(MoneyModel model, Answer answer, long at) {
                        Rail rail = urgency.equals("instant") ? Rail.INSTANT : Rail.STANDARD;
                        List<NewPayout> payouts = new ArrayList<>();
                        for (int i = 0; i < items.size(); i++) {
                            String payoutId = answer.ids().size() > i + 1 ? answer.ids().get(i + 1)
                                    : "pay_" + String.format("%032x", i);
                            long amount = items.get(i).get2();
                            payouts.add(new NewPayout(payoutId, driverIds.get(i), amount,
                                    MoneyModel.fee(rail, amount), rail));
                        }
                        String batchId = answer.ids().isEmpty() ? "batch_?" : answer.ids().get(0);
                        return List.of(model.createBatch(Mode.SANDBOX, batchId, payouts, false));
                    }

                    public Set<String> touches(MoneyModel model) {
                        return Set.of();
                    }

                    @Override
                    public String toString() {
                        return "create a " + urgency + " batch " + items.stream()
                                .map(item -> item.get2() + " to driver " + item.get1()).toList();
                    }
                });
    }

    Arbitrary<Request> releaseBatch() {
        return Combinators.combine(Arbitraries.integers().between(-1, 99), Arbitraries.of("release", "run"))
                .as((place, how) -> new Request() {
                    private String batchId;

                    public void resolve(ModelledSandbox sandbox) {
                        List<String> batchIds = sandbox.model.batches().stream().map(batch -> batch.id).toList();
                        batchId = place < 0 || batchIds.isEmpty() ? "batch_" + "f".repeat(32)
                                : batchIds.get(place % batchIds.size());
                    }

                    public Answer send(Api client) {
                        return Answer.single(client.post("/api/v1/batches/" + batchId + "/" + how, null));
                    }

                    public List<Verdict> expect(MoneyModel model, Answer answer, long at) {
                        return List.of(model.releaseBatch(Mode.SANDBOX, batchId, at));
                    }

                    public Set<String> touches(MoneyModel model) {
                        Set<String> touched = new LinkedHashSet<>(moneyComingBack(model));
                        model.batch(batchId).ifPresent(batch -> touched.addAll(batch.payoutIds()));
                        return touched;
                    }

                    @Override
                    public String toString() {
                        return how + (place < 0 ? " an unknown batch" : " batch #" + place);
                    }
                });
    }

    /** Payouts the simulated rail is about to fail (payout_failed, first attempt): their money comes back. */
    private static Set<String> moneyComingBack(MoneyModel model) {
        return model.payouts().stream().filter(payout -> payout.failOnRail() && payout.attempts() == 1
                        && (payout.status() == PayoutStatus.VALIDATED || payout.status() == PayoutStatus.QUEUED
                        || payout.status() == PayoutStatus.PROCESSING)).map(payout -> payout.id)
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }
}

