import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

/** The drills' HTTP client: one credential, every answer counted, a 5xx remembered with its body. */
final class Client {

    static final List<String> ALL_SCOPES = List.of("drivers:read", "drivers:write", "payouts:read",
            "payouts:write", "batches:read", "batches:write", "balance:read", "webhooks:manage");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** Status 0: no answer (the connection was refused or cut). */
    record Answer(int status, Object body, String text) {
        boolean ok() {
            return status == 200;
        }

        Object data() {
            return Json.at(body, "data");
        }

        String data(String path) {
            return Json.text(body, "data." + path);
        }

        String errorCode() {
            return Json.text(body, "error.code");
        }

        @Override
        public String toString() {
            return status + " " + (text.length() > 300 ? text.substring(0, 300) + "..." : text);
        }
    }

    private final String base;
    private final String bearer;
    private final Report report;

    Client(String base, String bearer, Report report) {
        this.base = base;
        this.bearer = bearer;
        this.report = report;
    }

    /** Signs the owner in and makes a key of {@code mode} holding every scope (production keys approved). */
    static Client withKey(String base, String mode, Report report) {
        Client owner = owner(base, report);
        String reason = mode.equals("production") ? ",\"approval_reason\":\"fault drill\"" : "";
        Answer created = owner.send("POST", "/api/v1/developer/keys", "{\"name\":\"drill " + mode
                + "\",\"mode\":\"" + mode + "\",\"scopes\":[" + String.join(",",
                ALL_SCOPES.stream().map(Json::quote).toList()) + "]" + reason + "}");
        require(created, "creating a " + mode + " key");
        String key = Json.text(created.body(), "key");
        if (mode.equals("production")) {
            Answer approved = owner.send("POST", "/api/v1/admin/api-keys/" + Json.text(created.body(), "id")
                    + "/approve", null);
            require(approved, "approving the production key");
            key = Json.text(approved.body(), "key") != null ? Json.text(approved.body(), "key")
                    : approved.data("key");
        }
        return new Client(base, key, report);
    }

    /** The owner's session; the owner is made as the service starts, a moment after it first answers. */
    static Client owner(String base, Report report) {
        Client anonymous = new Client(base, null, report);
        String credentials = "{\"email\":" + Json.quote(Service.OWNER_EMAIL) + ",\"password\":"
                + Json.quote(Service.OWNER_PASSWORD) + "}";
        Answer session = anonymous.send("POST", "/api/v1/auth/sessions", credentials);
        for (int tries = 0; session.status() == 401 && tries < 60; tries++) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            session = anonymous.send("POST", "/api/v1/auth/sessions", credentials);
        }
        require(session, "signing the owner in");
        return new Client(base, session.data("token"), report);
    }

    static Answer require(Answer answer, String what) {
        if (!answer.ok()) {
            throw new IllegalStateException(what + ": " + answer);
        }
        return answer;
    }

    Answer get(String path) {
        return send("GET", path, null);
    }

    Answer post(String path, String body) {
        return send("POST", path, body);
    }

    Answer send(String method, String path, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (!method.equals("GET")) {
            request.header("Idempotency-Key", "drill-" + UUID.randomUUID());
        }
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        Answer answer;
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            Object parsed;
            try {
                parsed = response.body().isBlank() ? null : Json.parse(response.body());
            } catch (RuntimeException notJson) {
                parsed = null;
            }
            answer = new Answer(response.statusCode(), parsed, response.body());
        } catch (IOException cut) {
            answer = new Answer(0, null, cut.toString());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            answer = new Answer(0, null, "interrupted");
        }
        report.answered(method + " " + path.replaceAll("[?].*", ""), answer);
        return answer;
    }

    /** Polls {@code path} until {@code done} holds; false when it did not within {@code seconds}. */
    boolean await(String path, Predicate<Answer> done, double seconds) throws InterruptedException {
        long until = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < until) {
            if (done.test(get(path))) {
                return true;
            }
            Thread.sleep(250);
        }
        return false;
    }
}
