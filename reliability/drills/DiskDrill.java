import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The database's disk fills up under load and is then freed (PostgreSQL's data directory on a small tmpfs). */
final class DiskDrill {

    private static final String SIZE = FaultDrills.env("DRILL_DISK_SIZE", "400m");

    private DiskDrill() {
    }

    static void diskFull(Service service, Report report) throws Exception {
        Path data = service.postgresData();
        Files.createDirectories(data);
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + SIZE, "tmpfs", data.toString())
                .redirectErrorStream(true).start();
        if (mount.waitFor() != 0) {
            report.fail("skipped: mounting a tmpfs needs root (" + new String(mount.getInputStream().readAllBytes())
                    .trim() + ")");
            return;
        }
        service.start();
        Client sandbox = Client.withKey(service.base(), "sandbox", report);
        Wallet wallet = new Wallet(sandbox, report);
        List<String> drivers = wallet.payableDrivers(5);
        wallet.fund(1_000_000);
        List<String> acknowledged = new ArrayList<>();
        load(sandbox, drivers, 5, acknowledged, report, "before");

        Path filler = data.resolve("filler");
        long filled = fill(filler);
        report.note("filled the disk with " + filled / (1 << 20) + " MiB");
        load(sandbox, drivers, 20, acknowledged, report, "while full");

        Files.delete(filler);
        long freedAt = System.nanoTime();
        double firstOk = -1;
        long until = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < until) {
            Client.Answer payout = payOne(sandbox, drivers.get(0), acknowledged, report);
            if (payout.ok()) {
                firstOk = (System.nanoTime() - freedAt) / 1e9;
                break;
            }
            Thread.sleep(500);
        }
        report.recovery = firstOk < 0 ? "no payout accepted within 120 s of freeing the disk"
                : String.format("first payout accepted %.1f s after the disk was freed", firstOk);
        if (firstOk < 0) {
            report.fail("the service did not recover once the disk was freed");
            return;
        }
        load(sandbox, drivers, 10, acknowledged, report, "after");
        wallet.checkMoney(acknowledged);
        KillDrills.auditHolds(service, report);
    }

    /** Writes until the disk refuses; the bytes written. */
    private static long fill(Path filler) throws IOException {
        long written = 0;
        byte[] chunk = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(chunk);
                written += chunk.length;
            }
        } catch (IOException full) {
            return written;
        }
    }

    private static void load(Client sandbox, List<String> drivers, int seconds, List<String> acknowledged,
                             Report report, String phase) throws InterruptedException {
        long until = System.nanoTime() + seconds * 1_000_000_000L;
        java.util.Map<String, Integer> statuses = new java.util.TreeMap<>();
        int i = 0;
        while (System.nanoTime() < until) {
            Client.Answer answer = payOne(sandbox, drivers.get(i++ % drivers.size()), acknowledged, report);
            statuses.merge(answer.status() + (answer.ok() ? "" : " " + answer.errorCode()), 1, Integer::sum);
            Thread.sleep(50);
        }
        report.note(phase + ": " + statuses);
    }

    private static Client.Answer payOne(Client sandbox, String driver, List<String> acknowledged, Report report) {
        Client.Answer payout = sandbox.post("/api/v1/payouts", "{\"driverId\":\"" + driver
                + "\",\"amount\":100,\"urgency\":\"standard\"}");
        if (payout.ok()) {
            report.acknowledged.incrementAndGet();
            acknowledged.add(payout.data("id"));
        }
        return payout;
    }

    static void unmount(Service service) {
        try {
            if (Files.exists(service.postgresData())) {
                new ProcessBuilder("umount", "-l", service.postgresData().toString()).redirectErrorStream(true)
                        .start().waitFor();
            }
        } catch (IOException | InterruptedException ignored) {
            // nothing was mounted
        }
    }
}
