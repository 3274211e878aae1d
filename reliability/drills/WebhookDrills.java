import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Webhook receivers that are down for the whole run, or that take a delivery and never answer. */
final class WebhookDrills {

    private static final int PAYOUTS = 100;

    private WebhookDrills() {
    }

    /** Deliveries pile up while the receiver is down, then all arrive once it is back: none lost, none twice. */
    static void receiverDown(Service service, Report report) throws Exception {
        service.start();
        Client sandbox = Client.withKey(service.base(), "sandbox", report);
        Receiver receiver = new Receiver(FaultDrills.HOOK_PORT, false);
        subscribe(sandbox, receiver, report);
        long downFrom = System.nanoTime();
        Wallet wallet = new Wallet(sandbox, report);
        List<String> drivers = wallet.payableDrivers(5);
        wallet.fund(PAYOUTS * 100L);
        List<String> payouts = pay(sandbox, drivers, report);
        if (!wallet.settled(120)) {
            report.fail("payouts still in flight");
        }
        Thread.sleep(20_000);
        long upAt = System.nanoTime();
        receiver.up();
        int expected = payouts.size() * 2;
        long until = System.nanoTime() + 180_000_000_000L;
        while (receiver.deliveries.size() < expected && System.nanoTime() < until) {
            Thread.sleep(250);
        }
        Thread.sleep(5_000);
        report.recovery = String.format("all %d deliveries %.1f s after the receiver came back (down %.0f s)",
                receiver.deliveries.size(), lastDelivery(receiver, upAt), (upAt - downFrom) / 1e9);
        report.note(receiver.deliveries.size() + " events delivered of " + expected + " expected ("
                + receiver.requests.get() + " requests answered), " + receiver.duplicates() + " delivered twice");
        if (receiver.deliveries.size() < expected) {
            report.lost.add((expected - receiver.deliveries.size()) + " deliveries never arrived");
        }
        if (receiver.duplicates() > 0) {
            report.fail(receiver.duplicates() + " events delivered more than once");
        }
        receiver.down();
        wallet.checkMoney(payouts);
    }

    /** A receiver that never answers: its deliveries time out, another receiver's keep arriving on time. */
    static void receiverHangs(Service service, Report report) throws Exception {
        service.start();
        Client sandbox = Client.withKey(service.base(), "sandbox", report);
        Receiver hanging = new Receiver(FaultDrills.HOOK_PORT, true);
        Receiver healthy = new Receiver(FaultDrills.HOOK_PORT + 1, false);
        hanging.up();
        healthy.up();
        subscribe(sandbox, hanging, report);
        subscribe(sandbox, healthy, report);
        Wallet wallet = new Wallet(sandbox, report);
        List<String> drivers = wallet.payableDrivers(5);
        wallet.fund(PAYOUTS * 100L);
        long started = System.nanoTime();
        List<Double> health = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.atomic.AtomicBoolean watching = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread watcher = new Thread(() -> {
            while (watching.get()) {
                long t = System.nanoTime();
                sandbox.get("/health");
                health.add((System.nanoTime() - t) / 1e6);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        watcher.start();
        List<String> payouts = pay(sandbox, drivers, report);
        int expected = payouts.size() * 2;
        long until = System.nanoTime() + 120_000_000_000L;
        while (healthy.deliveries.size() < expected && System.nanoTime() < until) {
            Thread.sleep(100);
        }
        double allHealthy = (System.nanoTime() - started) / 1e9;
        Thread.sleep(10_000);
        watching.set(false);
        watcher.join();
        health.sort(null);
        report.note(String.format("the healthy receiver got %d of %d events within %.1f s of the first payout; "
                        + "GET /health p99 %.0f ms over %d probes meanwhile; the hanging one was sent %d requests",
                healthy.deliveries.size(), expected, allHealthy,
                health.isEmpty() ? 0 : health.get((int) Math.floor(health.size() * 0.99)), health.size(),
                hanging.requests.get()));
        if (healthy.deliveries.size() < expected) {
            report.lost.add((expected - healthy.deliveries.size()) + " deliveries to the healthy receiver");
        }
        Set<String> outcomes = new TreeSet<>();
        for (int page = 1; page <= 10; page++) {
            List<Object> entries = Json.list(sandbox.get("/api/v1/webhooks/logs?pageSize=100&page=" + page).body(),
                    "data.items");
            for (Object entry : entries) {
                String error = Json.text(entry, "lastError");
                if (error != null) {
                    outcomes.add(error.length() > 80 ? error.substring(0, 80) : error);
                }
            }
            if (entries.size() < 100) {
                break;
            }
        }
        report.note("failed attempts logged as: " + outcomes);
        report.recovery = String.format("healthy receiver complete after %.1f s", allHealthy);
        hanging.release();
        hanging.down();
        healthy.down();
        wallet.checkMoney(payouts);
    }

    private static void subscribe(Client sandbox, Receiver receiver, Report report) {
        Client.require(sandbox.post("/api/v1/webhooks", "{\"url\":\"" + receiver.url()
                + "\",\"events\":[\"payout.created\",\"payout.succeeded\"]}"), "subscribing");
        report.acknowledged.incrementAndGet();
    }

    private static List<String> pay(Client sandbox, List<String> drivers, Report report) {
        List<String> payouts = new ArrayList<>();
        for (int i = 0; i < PAYOUTS; i++) {
            Client.Answer payout = sandbox.post("/api/v1/payouts", "{\"driverId\":\"" + drivers.get(i % drivers.size())
                    + "\",\"amount\":100,\"urgency\":\"standard\"}");
            if (payout.ok()) {
                report.acknowledged.incrementAndGet();
                payouts.add(payout.data("id"));
            }
        }
        return payouts;
    }

    private static double lastDelivery(Receiver receiver, long since) {
        return receiver.firstSeenAt.values().stream().mapToLong(Long::longValue).max().orElse(since) / 1e9
                - since / 1e9;
    }
}
