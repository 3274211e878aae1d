package io.payouts.service.openapi;

import io.payouts.service.http.Pagination;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.driver.DriverStatusFilter;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.service.wallet.StatementFormat;
import io.payouts.service.wallet.TopUpStatus;
import io.payouts.shared.wallet.FindFundingStatementQuery;
import io.payouts.shared.wallet.TransactionType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.payouts.shared.ErrorCode.CONFLICT;
import static io.payouts.shared.ErrorCode.DRIVER_NOT_PAYABLE;
import static io.payouts.shared.ErrorCode.INSUFFICIENT_FUNDS;
import static io.payouts.shared.ErrorCode.INVALID_SCOPES;
import static io.payouts.shared.ErrorCode.INVALID_STATE;
import static io.payouts.shared.ErrorCode.NOT_FOUND;
import static io.payouts.shared.ErrorCode.REVOKE_FAILED;
import static io.payouts.shared.ErrorCode.UNAUTHORIZED;
import static io.payouts.shared.ErrorCode.UNAVAILABLE;

/**
 * What the code alone does not tell about each endpoint: its group, a summary, the list limits, the filter
 * values and the error codes it adds to the ones every endpoint of its kind has. One table, so that the
 * controllers stay free of documentation (ADR-0021).
 */
final class ApiCatalogue {

    static final String DRIVERS = "Drivers";
    static final String PAYOUTS = "Payouts";
    static final String FUNDING = "Funding";
    static final String BATCHES = "Batches";
    static final String APPROVALS = "Approvals";
    static final String WEBHOOKS = "Webhooks";
    static final String SANDBOX = "Sandbox";
    static final String SESSIONS = "Sessions";
    static final String DEVELOPER = "Developer keys";
    static final String ADMIN = "Administration";
    static final String HEALTH = "Health";
    static final String AUDIT = "Audit";

    static final Map<String, String> TAGS = tags();

    private static final Pagination TWENTY = new Pagination(20, 100);

    static final List<Endpoint> ENDPOINTS = List.of(
            get("/health", HEALTH, "Service status and version; 503 while the database does not answer"),

            get("/api/v1/drivers", DRIVERS, "List drivers, newest first").paged(Pagination.STANDARD)
                    .filter("status", DriverStatusFilter.class),
            post("/api/v1/drivers", DRIVERS, "Register a driver: status invited, kycStatus pending")
                    .errors(CONFLICT),
            get("/api/v1/drivers/{id}", DRIVERS, "One driver"),
            put("/api/v1/drivers/{id}", DRIVERS, "Replace a driver's name, email and phone"),
            delete("/api/v1/drivers/{id}", DRIVERS, "Deactivate a driver; it stays listed as inactive"),
            post("/api/v1/drivers/{id}/kyc", DRIVERS,
                    "Record a KYC outcome; verified makes the driver active, rejected needs a reason"),
            get("/api/v1/drivers/{id}/payouts", DRIVERS, "A driver's payouts, newest first")
                    .paged(Pagination.STANDARD),
            post("/api/v1/drivers/bulk", DRIVERS, "Register 1 to 100 drivers, each with its own result"),
            put("/api/v1/drivers/{id}/bank-account", DRIVERS, "Set the bank account a driver is paid to, replacing "
                    + "any before it: a US account (routing and account number) or one by IBAN and BIC"),
            get("/api/v1/drivers/{id}/bank-account", DRIVERS,
                    "A driver's bank account, masked: the last four digits, never the full number"),
            delete("/api/v1/drivers/{id}/bank-account", DRIVERS, "Remove a driver's bank account"),

            post("/api/v1/payouts", PAYOUTS, "Pay a driver: reserves the amount, status validated; above the mode's "
                    + "approval threshold, pending_approval with nothing reserved until an owner or admin approves it")
                    .errors(NOT_FOUND, INSUFFICIENT_FUNDS, DRIVER_NOT_PAYABLE),
            post("/api/v1/payouts/instant", PAYOUTS,
                    "Pay a driver on the instant rail: fee deducted, status processing, settles in about 30 s")
                    .errors(NOT_FOUND, INSUFFICIENT_FUNDS, DRIVER_NOT_PAYABLE),
            get("/api/v1/payouts/instant/fee", PAYOUTS, "The instant rail's fee for an amount"),
            get("/api/v1/payouts", PAYOUTS, "List payouts, newest first; `driverId`, and `from` and `to` "
                    + "(YYYY-MM-DD, UTC days, both included) on when each was requested").paged(Pagination.STANDARD)
                    .filter("status", PayoutStatus.class),
            get("/api/v1/payouts/{id}", PAYOUTS, "One payout; with `asOf` (ISO 8601) as answered at that instant, from its "
                    + "events (404 if it did not exist yet)"),
            post("/api/v1/payouts/{id}/cancel", PAYOUTS,
                    "Cancel a validated or queued payout; its funds are released"),
            post("/api/v1/payouts/{id}/retry", PAYOUTS, "Retry a failed payout: reserves its amount again, queued")
                    .errors(INSUFFICIENT_FUNDS),
            post("/api/v1/payouts/bulk", PAYOUTS, "Create 1 to 100 payouts, each with its own result"),
            post("/api/v1/payouts/{id}/approve", APPROVALS, "Approve a payout pending approval (owners and admins, "
                    + "not its requester): reserves its amount and sends it on, validated or processing; refused and "
                    + "still waiting if the driver cannot be paid or the wallet cannot cover it")
                    .errors(INVALID_STATE, INSUFFICIENT_FUNDS, DRIVER_NOT_PAYABLE),
            post("/api/v1/payouts/{id}/reject", APPROVALS, "Reject a payout pending approval (owners and admins, "
                    + "not its requester) with a `reason`: rejected, nothing was reserved").errors(INVALID_STATE),
            get("/api/v1/approvals", APPROVALS, "What waits for a second person in the mode, payouts and batches, "
                    + "oldest first, with why").paged(Pagination.STANDARD),
            get("/api/v1/approvals/policy", APPROVALS, "The mode's approval threshold: a payout, or a batch in total, "
                    + "above it waits for a second person; 0 when approvals are off"),
            put("/api/v1/approvals/policy", APPROVALS, "Set the mode's approval threshold (owners and admins): "
                    + "`threshold` in cents, 0 switches approvals off"),
            post("/api/v1/payouts/bulk/cancel", PAYOUTS, "Cancel 1 to 100 payouts, each with its own result"),
            post("/api/v1/payouts/bulk/retry", PAYOUTS, "Retry 1 to 100 failed payouts, each with its own result"),

            post("/api/v1/funding/topup", FUNDING,
                    "Request a top-up: pending; the sandbox settles it at once, production when an admin confirms or "
                            + "the bank notifies a transfer quoting its `reference`"),
            get("/api/v1/balance", FUNDING, "The wallet: available, pending and in-transit amounts; with `asOf` (ISO 8601) "
                    + "as answered at that instant, from the events"),
            get("/api/v1/funding/transactions", FUNDING,
                    "Credits and debits, newest first, each with the balance after; `date` (YYYY-MM-DD) keeps one "
                            + "UTC day's, those its statement line counts")
                    .paged(Pagination.STANDARD).filter("type", TransactionType.class),
            get("/api/v1/funding/topups", FUNDING,
                    "Top-ups, newest first: `pending` until the money arrives (production: an owner or admin "
                            + "settles it, or the bank's credit quoting its `reference` does), then `settled`")
                    .paged(Pagination.STANDARD).filter("status", TopUpStatus.class),
            get("/api/v1/funding/statements", FUNDING, "Daily statement from `from` to `to` (YYYY-MM-DD, UTC days, "
                    + "both included, at most " + FindFundingStatementQuery.MAX_DAYS + " days): per day the opening "
                    + "and closing ledger balance (available + in transit), top-ups settled, payouts paid (fees "
                    + "included), returned payouts credited, counts and first and last transaction; closing = "
                    + "opening + topUps - payoutsPaid + returned. `format=csv` answers the lines as CSV")
                    .filter("format", StatementFormat.class),
            get("/api/v1/funding/projection", FUNDING,
                    "Current balance and the outflow due in the next `days` (1 to 90, default 14), day by day"),
            get("/api/v1/funding/alerts", FUNDING, "The low-balance alert: its threshold and shortfall window, "
                    + "whether available funds are below the threshold and since when, and the day a projected "
                    + "shortfall begins, if any"),
            put("/api/v1/funding/alerts", FUNDING, "Set the low-balance alert (owners and admins): balance.low and "
                    + "balance.recovered when available funds cross `lowBalanceThreshold` (cents, 0 for never), "
                    + "balance.shortfall_projected once per episode when the projection runs below zero within "
                    + "`shortfallWithinDays` (1 to 30, null for never)"),

            post("/api/v1/batches", BATCHES, "Create a batch of 1 to 1,000 payouts, optionally scheduled; an unknown"
                    + " or unpayable driver is a 400 naming `payouts[i].driverId`, and no batch is created"),
            get("/api/v1/batches", BATCHES, "List batches, newest first").paged(TWENTY)
                    .filter("status", BatchStatus.class),
            get("/api/v1/batches/{id}", BATCHES, "One batch with its payouts"),
            post("/api/v1/batches/{id}/release", BATCHES, "Release a batch: reserves all of it or nothing")
                    .errors(INSUFFICIENT_FUNDS),
            post("/api/v1/batches/{id}/run", BATCHES, "Run a scheduled batch now, whatever its scheduledFor")
                    .errors(INSUFFICIENT_FUNDS),
            post("/api/v1/batches/{id}/approve", APPROVALS, "Approve a batch pending approval (owners and admins, "
                    + "not its creator): queued, for its schedule, a release or a run").errors(INVALID_STATE),
            post("/api/v1/batches/{id}/reject", APPROVALS, "Reject a batch pending approval (owners and admins, not "
                    + "its creator) with a `reason`: it and every payout it still holds end rejected")
                    .errors(INVALID_STATE),
            get("/api/v1/scheduled-payouts", BATCHES, "The batches created with scheduledFor").paged(TWENTY)
                    .filter("status", BatchStatus.class),
            get("/api/v1/scheduled-payouts/stats", BATCHES, "Counts of the scheduled batches and the next one due"),

            post("/api/v1/webhooks", WEBHOOKS, "Subscribe a URL to events; the signing secret is shown only here"),
            get("/api/v1/webhooks", WEBHOOKS, "The mode's subscriptions, never their secrets")
                    .paged(Pagination.STANDARD),
            delete("/api/v1/webhooks/{id}", WEBHOOKS, "Delete a subscription: nothing more is sent to it"),
            post("/api/v1/webhooks/{id}/rotate-secret", WEBHOOKS,
                    "A new signing secret, shown once; the old one signs too for 24 hours"),
            get("/api/v1/webhooks/logs", WEBHOOKS, "Deliveries and inbound events, newest first, with their attempts")
                    .paged(Pagination.STANDARD),
            post("/api/v1/webhooks/deliveries/{id}/resend", WEBHOOKS,
                    "Send a delivery again: same event id and payload"),
            post("/api/v1/webhooks/inbound", WEBHOOKS,
                    "A rail reports a payout's outcome; the signature over the raw body is the only credential")
                    .errors(UNAUTHORIZED, NOT_FOUND, INVALID_STATE),

            post("/api/v1/sandbox/seed", SANDBOX, "Fill the sandbox: a funded wallet, drivers, payouts and a batch")
                    .errors(CONFLICT, UNAVAILABLE),
            get("/api/v1/sandbox/state", SANDBOX, "The sandbox's newest drivers and payouts and its balance"),
            post("/api/v1/sandbox/reset", SANDBOX, "Delete every sandbox resource; production is untouched")
                    .errors(UNAVAILABLE),

            post("/api/v1/auth/sessions", SESSIONS, "Sign in with e-mail and password: a session token")
                    .errors(UNAUTHORIZED),
            delete("/api/v1/auth/sessions", SESSIONS, "Sign out: the session token stops working"),
            post("/api/v1/auth/console-session", SESSIONS,
                    "The console's sign-in: the session token in an HttpOnly cookie, the CSRF token in the body")
                    .errors(UNAUTHORIZED),
            get("/api/v1/auth/console-session", SESSIONS, "Who the console's cookie signs in, and its CSRF token"),
            delete("/api/v1/auth/console-session", SESSIONS, "The console's sign-out: the cookie is cleared"),

            get("/api/v1/developer/keys", DEVELOPER, "Your API keys"),
            post("/api/v1/developer/keys", DEVELOPER,
                    "Create an API key; a sandbox key is returned once, a production key waits for approval")
                    .errors(INVALID_SCOPES),
            get("/api/v1/developer/keys/{id}", DEVELOPER, "One of your keys, without its value"),
            delete("/api/v1/developer/keys/{id}", DEVELOPER, "Revoke one of your keys").errors(REVOKE_FAILED),
            post("/api/v1/developer/keys/{id}/regenerate", DEVELOPER,
                    "Revoke a key and issue its successor with the same name, mode, scopes and lifetime"),
            get("/api/v1/developer/scopes", DEVELOPER, "The eight scopes a key may hold"),

            get("/api/v1/admin/api-keys", ADMIN, "Every API key").paged(TWENTY)
                    .filter("mode", Mode.class).filter("status", ApprovalStatus.class),
            get("/api/v1/admin/api-keys/pending", ADMIN, "Production keys awaiting approval"),
            get("/api/v1/admin/api-keys/{id}", ADMIN, "Any key's details"),
            post("/api/v1/admin/api-keys/{id}/approve", ADMIN, "Approve a production key: its value is returned once"),
            post("/api/v1/admin/api-keys/{id}/reject", ADMIN, "Reject a production key with a reason"),
            delete("/api/v1/admin/api-keys/{id}", ADMIN, "Revoke any key").errors(REVOKE_FAILED),
            get("/api/v1/admin/users", ADMIN, "The users").paged(TWENTY),
            post("/api/v1/admin/users", ADMIN, "Add a user with a role: owner, admin or developer").errors(CONFLICT),
            delete("/api/v1/admin/users/{id}", ADMIN, "Disable a user and end their sessions"),
            post("/api/v1/admin/funding/topups/{id}/settle", ADMIN,
                    "Confirm that a production top-up's bank transfer arrived"),
            get("/api/v1/admin/funding/unmatched-credits", ADMIN,
                    "Money the bank credited that matched no pending top-up, newest first, for finance")
                    .paged(Pagination.STANDARD),
            get("/api/v1/admin/rail/problems", ADMIN, "What the production rail (the bank or the payment provider) "
                    + "parked instead of acting on: unreadable files, statuses for unknown payments, duplicates, "
                    + "contradictions, payouts not sent or refused by the provider; newest first")
                    .paged(Pagination.STANDARD),
            get("/api/v1/admin/projections", ADMIN,
                    "Every event processor: status, position against the head, lag, replay progress, parked events"),
            post("/api/v1/admin/projections/{name}/rebuild", ADMIN,
                    "Rebuild a read model from the event store; processors with side effects refuse"),
            get("/api/v1/admin/dead-letters", ADMIN, "Events the processors parked, oldest sequence first")
                    .paged(Pagination.STANDARD),
            post("/api/v1/admin/dead-letters/{id}/retry", ADMIN, "Apply a parked event's sequence again"),
            post("/api/v1/admin/dead-letters/retry", ADMIN, "Apply every parked sequence again"),
            delete("/api/v1/admin/dead-letters/{id}", ADMIN, "Evict a parked event the processor must never apply"),

            get("/api/v1/payouts/{id}/history", AUDIT, "Every event of a payout, oldest first, with actor and request")
                    .paged(Pagination.STANDARD),
            get("/api/v1/drivers/{id}/history", AUDIT, "Every event of a driver, oldest first, with actor and request")
                    .paged(Pagination.STANDARD),
            get("/api/v1/batches/{id}/history", AUDIT, "Every event of a batch, oldest first, with actor and request")
                    .paged(Pagination.STANDARD),
            get("/api/v1/funding/topups/{id}/history", AUDIT,
                    "Every event of a top-up, oldest first, with actor and request").paged(Pagination.STANDARD),
            get("/api/v1/admin/api-keys/{id}/history", AUDIT,
                    "Every event of an API key, oldest first (never key material)").paged(Pagination.STANDARD),
            get("/api/v1/events", AUDIT, "The mode's events, newest first, by cursor; `type`, `resource`, `from`, "
                    + "`to` filters; the event types your key's read scopes cover"),
            get("/api/v1/events/{id}", AUDIT, "One event by its evt_ id, the id its webhook carried"),
            get("/api/v1/events/export", AUDIT, "The mode's events from `from` to `to`, oldest first, as NDJSON"),
            get("/api/v1/admin/audit/verify", AUDIT,
                    "Walk the hash chains over the stored events; names the first event whose bytes no longer match"),
            delete("/api/v1/drivers/{id}/personal-data", AUDIT,
                    "Erase a driver's name, email and phone for good; the money history stays (crypto-shredding)"),
            get("/api/v1/admin/projections/{name}/checksum", AUDIT,
                    "A checksum of a read model's rows: equal before and after a rebuild"));

    private ApiCatalogue() {
    }

    static Optional<Endpoint> find(String method, String path) {
        return ENDPOINTS.stream().filter(endpoint -> endpoint.method().equalsIgnoreCase(method)
                && endpoint.path().equals(path)).findFirst();
    }

    private static Map<String, String> tags() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put(DRIVERS, "Drivers and their KYC status (API key, drivers:read / drivers:write)");
        tags.put(PAYOUTS, "Payouts on the standard and the instant rail (API key, payouts:read / payouts:write)");
        tags.put(FUNDING, "The wallet, its top-ups, transactions and projection (API key, balance:read)");
        tags.put(BATCHES,
                "Batches of payouts, released at once or at scheduledFor (API key, batches:read / batches:write)");
        tags.put(APPROVALS, "Maker-checker (ADR-0046): payouts and batches above the mode's threshold wait, with nothing "
                + "reserved, for an owner or admin other than the person who asked (API key, payouts or batches "
                + "scopes, and the key's creator's role)");
        tags.put(WEBHOOKS, "Signed webhooks out, and the rails' webhook in (API key, webhooks:manage)");
        tags.put(SANDBOX, "Sandbox utilities (any sandbox key)");
        tags.put(SESSIONS, "Signing in and out for the developer and admin endpoints. Repeated wrong passwords for one "
                + "account slow it down and then lock it (ADR-0041): from the 5th failure within 15 minutes each try "
                + "waits a doubling delay, from the 10th the account is locked for 15 minutes, the right password "
                + "included. A refused try is `429 RATE_LIMITED` with `Retry-After` and `details.retryAfter` in "
                + "seconds, and `details.lockedUntil` for a lock; a successful sign-in starts the count again. "
                + "The numbers are the defaults of the `payouts.sign-in.*` properties.");
        tags.put(DEVELOPER, "Your own API keys (session token)");
        tags.put(ADMIN, "Keys, users, top-ups and read models, for owners and admins (session token)");
        tags.put(HEALTH, "Service status (no credential)");
        tags.put(AUDIT, "Histories, the events API, balances as of an instant, the hash-chained log and erasure "
                + "(ADR-0025 to ADR-0027)");
        return tags;
    }

    private static Endpoint get(String path, String tag, String summary) {
        return Endpoint.of("GET", path, tag, summary);
    }

    private static Endpoint post(String path, String tag, String summary) {
        return Endpoint.of("POST", path, tag, summary);
    }

    private static Endpoint put(String path, String tag, String summary) {
        return Endpoint.of("PUT", path, tag, summary);
    }

    private static Endpoint delete(String path, String tag, String summary) {
        return Endpoint.of("DELETE", path, tag, summary);
    }

    /**
     * One endpoint's documentation.
     *
     * @param errors  codes it answers beyond those of its kind (credential, body, id, idempotency)
     * @param filters query parameters whose values are an enum's, as the API spells them
     */
    record Endpoint(String method, String path, String tag, String summary, Pagination pagination,
                    List<ErrorCode> errors, Map<String, Class<? extends Enum<?>>> filters) {

        static Endpoint of(String method, String path, String tag, String summary) {
            return new Endpoint(method, path, tag, summary, null, List.of(), Map.of());
        }

        Endpoint paged(Pagination limits) {
            return new Endpoint(method, path, tag, summary, limits, errors, filters);
        }

        Endpoint errors(ErrorCode... more) {
            List<ErrorCode> all = new ArrayList<>(errors);
            all.addAll(List.of(more));
            return new Endpoint(method, path, tag, summary, pagination, List.copyOf(all), filters);
        }

        Endpoint filter(String parameter, Class<? extends Enum<?>> values) {
            Map<String, Class<? extends Enum<?>>> all = new LinkedHashMap<>(filters);
            all.put(parameter, values);
            return new Endpoint(method, path, tag, summary, pagination, errors, Map.copyOf(all));
        }
    }
}
