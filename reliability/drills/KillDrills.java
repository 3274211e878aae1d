import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** kill -9 while the service does something long: a batch release, a read-model rebuild, a sandbox reset. */
final class KillDrills {

    private KillDrills() {
    }

    /** A release acknowledged before the kill stays released; one that was not can be sent again; all of it pays. */
    static void duringBatchRelease(Service service, Report report) throws Exception {
        service.start();
        Client sandbox = Client.withKey(service.base(), "sandbox", report);
        Wallet wallet = new Wallet(sandbox, report);
        List<String> drivers = wallet.payableDrivers(10);
        wallet.fund(FaultDrills.BATCH_SIZE * 100L + 10_000);
        List<String> items = new ArrayList<>();
        for (int i = 0; i < FaultDrills.BATCH_SIZE; i++) {
            items.add("{\"driverId\":\"" + drivers.get(i % drivers.size()) + "\",\"amount\":100}");
        }
        String batchId = Client.require(sandbox.post("/api/v1/batches", "{\"name\":\"drill\",\"urgency\":\"standard\","
                + "\"payouts\":[" + String.join(",", items) + "]}"), "creating the batch").data("id");
        report.acknowledged.incrementAndGet();

        Client.Answer release = FaultDrills.killWhile(service,
                () -> sandbox.post("/api/v1/batches/" + batchId + "/release", null), 6000, report);

        Client.Answer batch = sandbox.get("/api/v1/batches/" + batchId);
        if (!batch.ok()) {
            report.lost.add(batchId);
            return;
        }
        String status = batch.data("status");
        if (release.ok()) {
            report.acknowledged.incrementAndGet();
            if (status.equals("queued")) {
                report.lost.add("the release of " + batchId);
            }
        } else {
            Client.Answer again = sandbox.post("/api/v1/batches/" + batchId + "/release", null);
            report.note("release sent again after the restart (batch was " + status + "): " + again.status()
                    + (again.ok() ? "" : " " + again.errorCode()));
            if (!again.ok() && again.status() != 409) {
                report.fail("the release could not be sent again: " + again);
            }
        }
        List<String> payouts = new ArrayList<>();
        if (!wallet.settled(180)) {
            report.fail("the batch's payouts were still in flight 180 s after the restart");
        }
        for (Object payout : Json.list(sandbox.get("/api/v1/batches/" + batchId).body(), "data.payouts")) {
            payouts.add(Json.text(payout, "id"));
        }
        if (payouts.size() != FaultDrills.BATCH_SIZE) {
            report.fail("the batch has " + payouts.size() + " payouts, not " + FaultDrills.BATCH_SIZE);
        }
        wallet.checkMoney(payouts);
        long completed = wallet.payouts().values().stream().filter(p -> p.status().equals("completed")).count();
        report.note(completed + " of " + payouts.size() + " payouts completed; batch "
                + sandbox.get("/api/v1/batches/" + batchId).data("status"));
        if (completed != payouts.size()) {
            report.fail("only " + completed + " of the batch's payouts completed");
        }
        auditHolds(service, report);
    }

    /** A read model being rebuilt when the service dies is whole again after the restart, as before the rebuild. */
    static void duringRebuild(Service service, Report report) throws Exception {
        service.start();
        Client sandbox = Client.withKey(service.base(), "sandbox", report);
        Client owner = Client.owner(service.base(), report);
        Wallet wallet = new Wallet(sandbox, report);
        List<String> drivers = wallet.payableDrivers(5);
        wallet.fund(100_000);
        List<String> acknowledged = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            Client.Answer payout = sandbox.post("/api/v1/payouts", "{\"driverId\":\"" + drivers.get(i % 5)
                    + "\",\"amount\":" + (100 + i) + ",\"urgency\":\"standard\"}");
            if (payout.ok()) {
                report.acknowledged.incrementAndGet();
                acknowledged.add(payout.data("id"));
            }
        }
        wallet.settled(120);
        Map<String, Wallet.Payout> before = wallet.payouts();
        Object balanceBefore = Json.at(sandbox.get("/api/v1/balance").body(), "data");
        String processor = pick(owner, "payout");

        Client.Answer rebuild = FaultDrills.killWhile(service,
                () -> owner.post("/api/v1/admin/projections/" + processor + "/rebuild", null), 1500, report);
        report.note("rebuilding " + processor + ": " + (rebuild.status() == 0 ? "no answer" : rebuild.status()));

        Client ownerAgain = Client.owner(service.base(), report);
        boolean whole = sandbox.await("/api/v1/payouts?pageSize=1", answer -> answer.ok()
                && Json.number(answer.body(), "data.total") == before.size(), 120);
        Map<String, Wallet.Payout> after = wallet.payouts();
        if (!whole || !after.equals(before)) {
            report.fail("the payouts read after the restart differ from those before the rebuild ("
                    + before.size() + " before, " + after.size() + " after)");
        }
        if (!Json.at(sandbox.get("/api/v1/balance").body(), "data").equals(balanceBefore)) {
            report.fail("the balance differs from the one before the rebuild");
        }
        processorsRun(ownerAgain, report);
        wallet.checkMoney(acknowledged);
        auditHolds(service, report);
    }

    static final int RESET_PAYOUTS = 2_000;

    /** A reset cut short leaves a sandbox that a second reset empties; production is never touched. */
    static void duringSandboxReset(Service service, Report report) throws Exception {
        service.start();
        Client sandbox = Client.withKey(service.base(), "sandbox", report);
        Client production = Client.withKey(service.base(), "production", report);
        Wallet wallet = new Wallet(sandbox, report);
        List<String> drivers = wallet.payableDrivers(20);
        wallet.fund(500_000);
        // Enough payouts that the reset takes most of a second, so that the kill can land inside it.
        for (int request = 0; request < RESET_PAYOUTS / 100; request++) {
            StringBuilder items = new StringBuilder();
            for (int i = 0; i < 100; i++) {
                items.append(i == 0 ? "" : ",").append("{\"driverId\":\"").append(drivers.get(i % drivers.size()))
                        .append("\",\"amount\":100}");
            }
            Client.Answer bulk = sandbox.post("/api/v1/payouts/bulk", "{\"payouts\":[" + items + "]}");
            if (bulk.ok()) {
                report.acknowledged.addAndGet(100);
            }
        }
        String productionDriver = Client.require(production.post("/api/v1/drivers", "{\"svcDriverId\":\"drill-"
                + UUID.randomUUID() + "\",\"name\":\"Ana Diaz\",\"email\":\"ana.diaz@example.com\","
                + "\"phone\":\"+14155550123\"}"), "a production driver").data("id");
        report.acknowledged.incrementAndGet();
        Object productionBefore = production.get("/api/v1/drivers/" + productionDriver).data();

        Client.Answer reset = FaultDrills.killWhile(service, () -> sandbox.post("/api/v1/sandbox/reset", null), 800,
                report);

        Object state = sandbox.get("/api/v1/sandbox/state").data();
        report.note("after the restart the sandbox holds " + Json.list(state, "drivers").size() + " drivers and "
                + Json.list(state, "payouts").size() + " payouts");
        if (reset.ok() && (!Json.list(state, "drivers").isEmpty() || !Json.list(state, "payouts").isEmpty())) {
            report.lost.add("an acknowledged sandbox reset");
        }
        Client.Answer again = sandbox.post("/api/v1/sandbox/reset", null);
        if (!again.ok()) {
            report.fail("a second reset: " + again);
        }
        Object emptied = sandbox.get("/api/v1/sandbox/state").data();
        if (!Json.list(emptied, "drivers").isEmpty() || !Json.list(emptied, "payouts").isEmpty()
                || Json.number(emptied, "balance") != 0) {
            report.fail("the sandbox is not empty after a second reset: " + emptied);
        }
        if (!productionBefore.equals(production.get("/api/v1/drivers/" + productionDriver).data())) {
            report.lost.add("production driver " + productionDriver);
        }
        Wallet fresh = new Wallet(sandbox, report);
        List<String> newDrivers = fresh.payableDrivers(1);
        fresh.fund(1_000);
        String payout = Client.require(sandbox.post("/api/v1/payouts", "{\"driverId\":\"" + newDrivers.get(0)
                + "\",\"amount\":400,\"urgency\":\"standard\"}"), "a payout after the resets").data("id");
        report.acknowledged.incrementAndGet();
        fresh.checkMoney(List.of(payout));
        processorsRun(Client.owner(service.base(), report), report);
        auditHolds(service, report);
    }

    private static String pick(Client owner, String part) {
        for (Object processor : Json.list(owner.get("/api/v1/admin/projections").body(), "data.items")) {
            String name = Json.text(processor, "name");
            if (name.contains(part) && Boolean.TRUE.equals(Json.at(processor, "replayable"))) {
                return name;
            }
        }
        throw new IllegalStateException("no replayable processor named like " + part);
    }

    static void processorsRun(Client owner, Report report) throws InterruptedException {
        boolean running = owner.await("/api/v1/admin/projections", answer -> Json.list(answer.body(), "data.items")
                .stream().allMatch(p -> !"error".equalsIgnoreCase(Json.text(p, "status"))
                        && Json.number(p, "lag") == 0 && Json.number(p, "parked") == 0), 120);
        if (!running) {
            report.fail("processors not all running and caught up: "
                    + owner.get("/api/v1/admin/projections").text());
        }
    }

    static void auditHolds(Service service, Report report) {
        Client.Answer verify = Client.owner(service.base(), report).get("/api/v1/admin/audit/verify");
        if (!verify.ok() || !Boolean.TRUE.equals(Json.at(verify.body(), "data.verified"))) {
            report.fail("the audit chain does not verify: " + verify);
        } else {
            report.note("audit chain verified (" + Json.number(verify.body(), "data.checkedEvents") + " events)");
        }
    }
}
