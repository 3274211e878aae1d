import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/** A mode's wallet and drivers as a drill uses them through one client, with what it was told it funded. */
final class Wallet {

    private final Client client;
    private final Report report;
    final AtomicLong funded = new AtomicLong();

    Wallet(Client client, Report report) {
        this.client = client;
        this.report = report;
    }

    Client client() {
        return client;
    }

    /** A top-up, waited for until it has settled into available. */
    void fund(long amount) throws InterruptedException {
        long before = Json.number(client.get("/api/v1/balance").body(), "data.available");
        Client.require(client.post("/api/v1/funding/topup", "{\"amount\":" + amount
                + ",\"method\":\"bank_transfer\"}"), "top-up");
        report.acknowledged.incrementAndGet();
        funded.addAndGet(amount);
        if (!client.await("/api/v1/balance", answer -> Json.number(answer.body(), "data.available")
                >= before + amount, 60)) {
            throw new IllegalStateException("a top-up of " + amount + " did not settle within 60 s");
        }
    }

    /** Registers drivers and verifies their KYC; their ids. */
    List<String> payableDrivers(int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Client.Answer driver = Client.require(client.post("/api/v1/drivers", "{\"svcDriverId\":\"drill-"
                    + UUID.randomUUID() + "\",\"name\":\"Ana Diaz\",\"email\":\"ana.diaz@example.com\","
                    + "\"phone\":\"+14155550123\"}"), "registering a driver");
            report.acknowledged.incrementAndGet();
            String id = driver.data("id");
            Client.Answer kyc = client.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
            if (kyc.status() != 200 && kyc.status() != 409) {
                throw new IllegalStateException("verifying a driver: " + kyc);
            }
            ids.add(id);
        }
        return ids;
    }

    /** Waits until no payout is validated, queued or processing. */
    boolean settled(double seconds) throws InterruptedException {
        long until = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < until) {
            boolean quiet = true;
            for (String status : List.of("validated", "queued", "processing")) {
                quiet &= Json.number(client.get("/api/v1/payouts?pageSize=1&status=" + status).body(),
                        "data.total") == 0;
            }
            if (quiet) {
                return true;
            }
            Thread.sleep(500);
        }
        return false;
    }

    /** Every payout of the mode by id, with its status and amount. */
    Map<String, Payout> payouts() {
        Map<String, Payout> all = new java.util.LinkedHashMap<>();
        for (int page = 1; ; page++) {
            Client.Answer answer = Client.require(client.get("/api/v1/payouts?pageSize=100&page=" + page),
                    "listing payouts");
            List<Object> items = Json.list(answer.body(), "data.items");
            for (Object item : items) {
                all.put(Json.text(item, "id"), new Payout(Json.text(item, "status"), Json.number(item, "amount")));
            }
            if (items.size() < 100) {
                return all;
            }
        }
    }

    record Payout(String status, long amount) {
    }

    /**
     * Once every payout has settled: available is what was funded less what completed payouts took, nothing is in
     * transit or pending, and every acknowledged payout is listed.
     */
    void checkMoney(List<String> acknowledgedPayouts) throws InterruptedException {
        if (!settled(120)) {
            report.fail("payouts still in flight 120 s after the drill");
        }
        Map<String, Payout> payouts = payouts();
        for (String id : acknowledgedPayouts) {
            if (!payouts.containsKey(id)) {
                report.lost.add(id);
            }
        }
        long paid = payouts.values().stream().filter(p -> p.status().equals("completed"))
                .mapToLong(Payout::amount).sum();
        Object balance = client.get("/api/v1/balance").body();
        long available = Json.number(balance, "data.available");
        long inTransit = Json.number(balance, "data.inTransit");
        long pending = Json.number(balance, "data.pending");
        boolean holds = available == funded.get() - paid && inTransit == 0 && pending == 0;
        report.money(holds, "funded " + funded.get() + " = available " + available + " + paid " + paid
                + " (in transit " + inTransit + ", pending " + pending + "; " + payouts.size() + " payouts)");
    }
}
