package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.node.NullNode;
import io.payouts.service.support.ApiContract;
import io.payouts.service.support.MutableClock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One pass of the authorization matrix: sends every (operation, credential) pair that applies, phase by phase, and
 * checks each answer against its {@link ExpectedAccess}. It keeps what is checked afterwards: the wrong answers, the
 * request ids of refusals and of accepted writes, and every answer, for the secret search.
 */
final class MatrixRun {

    static final String WEBHOOK_TARGET = FieldHints.WEBHOOK_TARGET_HOST + "matrix";
    private static final Duration PAST_EXPIRY = Duration.ofDays(2);

    /** One pair as sent, with its answer. */
    record Sent(Operation operation, MatrixCredential credential, Answer answer) {

        String pair() {
            return operation + " | " + credential;
        }
    }

    /**
     * When a pair is sent: keys pointed at the other mode's resources first, before any authorized request changes
     * them; authorized sign-outs last, as they end the credential they are sent with, so that every refusal of a
     * sign-out is asked while all sessions are still open.
     */
    enum Phase {
        OTHER_MODES_RESOURCES,
        MOST,
        SIGN_OUTS;

        static Phase of(Operation operation, MatrixCredential credential, ExpectedAccess expected) {
            if (credential.kind() == MatrixCredential.Kind.CROSS_MODE_KEY) {
                return OTHER_MODES_RESOURCES;
            }
            boolean signOut = operation.method().equals("DELETE") && operation.template().startsWith("/api/v1/auth/");
            return signOut && expected == ExpectedAccess.AUTHORIZED ? SIGN_OUTS : MOST;
        }
    }

    private final List<Operation> operations;
    private final List<MatrixCredential> credentials;
    private final SecuritySchemes schemes;
    private final MatrixPaths paths;
    private final Sender sender;
    private final ApiContract contract;
    private final MutableClock clock;
    private final SecretLedger secrets;
    private final Set<String> knownGaps;
    private final Set<String> notSentWhenAuthorized;

    final List<Sent> sent = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    final List<String> gapsNowRight = new ArrayList<>();
    final List<String> refusedRequestIds = new ArrayList<>();
    final List<String> acceptedWriteIds = new ArrayList<>();
    final Map<ExpectedAccess, Integer> byExpectation = new EnumMap<>(ExpectedAccess.class);
    int notSent;

    MatrixRun(List<Operation> operations, List<MatrixCredential> credentials, SecuritySchemes schemes,
              MatrixPaths paths, Sender sender, ApiContract contract, MutableClock clock, SecretLedger secrets,
              Set<String> knownGaps, Set<String> notSentWhenAuthorized) {
        this.operations = operations;
        this.credentials = credentials;
        this.schemes = schemes;
        this.paths = paths;
        this.sender = sender;
        this.contract = contract;
        this.clock = clock;
        this.secrets = secrets;
        this.knownGaps = knownGaps;
        this.notSentWhenAuthorized = notSentWhenAuthorized;
    }

    void sendAll() {
        for (Phase phase : Phase.values()) {
            for (Operation operation : operations) {
                for (MatrixCredential credential : credentials) {
                    if (credential.appliesTo().test(operation)) {
                        ExpectedAccess expected = ExpectedAccess.of(operation, schemes.of(operation), credential);
                        if (Phase.of(operation, credential, expected) == phase) {
                            sendOne(operation, credential, expected);
                        }
                    }
                }
            }
        }
    }

    private void sendOne(Operation operation, MatrixCredential credential, ExpectedAccess expected) {
        if (expected == ExpectedAccess.AUTHORIZED && notSentWhenAuthorized.contains(operation.toString())) {
            notSent++;
            return;
        }
        RawRequest request = credential.applyTo(operation, request(operation,
                paths.path(operation, credential.idMode())));
        Answer answer = send(request, credential);
        byExpectation.merge(expected, 1, Integer::sum);
        Sent one = new Sent(operation, credential, answer);
        secrets.harvest(answer, sent.size());
        sent.add(one);
        String problem = problem(expected, answer, request);
        if (problem != null && !knownGaps.contains(one.pair())) {
            failures.add(one.pair() + ": " + problem + " " + cut(answer.body()));
        } else if (problem == null && knownGaps.contains(one.pair())) {
            gapsNowRight.add(one.pair());
        }
        if (expected.refuses() && answer.refused()) {
            refusedRequestIds.add(answer.requestId());
        }
        if (expected == ExpectedAccess.AUTHORIZED && answer.accepted() && !operation.reads()) {
            acceptedWriteIds.add(answer.requestId());
        }
    }

    /** The request as the document describes it: its example body, or an empty object where it takes one. */
    private static RawRequest request(Operation operation, String path) {
        RawRequest request = RawRequest.of(operation.method(), path);
        if (!operation.hasBody()) {
            return request;
        }
        String body = operation.bodyExample() == null ? "{}" : operation.bodyExample().toString();
        if (operation.template().equals("/api/v1/webhooks")) {
            // The example's host is on the internet; deliveries to it would be retried for the rest of the suite.
            body = "{\"url\":\"" + WEBHOOK_TARGET + "\",\"events\":[\"payout.created\"]}";
        }
        return request.withBody(body).withHeader("Content-Type", "application/json");
    }

    private Answer send(RawRequest request, MatrixCredential credential) {
        if (credential.kind() != MatrixCredential.Kind.EXPIRED_KEY) {
            return sender.send(request);
        }
        clock.advance(PAST_EXPIRY);
        try {
            return sender.send(request);
        } finally {
            clock.reset();
        }
    }

    /**
     * What is wrong with the answer: not what the pair expects, a 401 or 403 without the error envelope, or a
     * refusal the document does not list (accepted answers are held to the document by the rest of the suite).
     */
    private String problem(ExpectedAccess expected, Answer answer, RawRequest request) {
        String problem = expected.problemWith(answer);
        if (problem != null) {
            return problem;
        }
        if ((answer.status() == 401 || answer.status() == 403) && (answer.json() == null
                || answer.json().path("success").asBoolean(true) || !answer.json().path("error").has("code"))) {
            return "a " + answer.status() + " without the error envelope";
        }
        if (answer.accepted()) {
            return null;
        }
        try {
            contract.check(request.method(), request.path(), answer.status(),
                    answer.json() == null ? NullNode.getInstance() : answer.json());
            return null;
        } catch (AssertionError disagreement) {
            return "the answer disagrees with the document: " + disagreement.getMessage();
        }
    }

    static String cut(String text) {
        return text == null ? "" : text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }
}
