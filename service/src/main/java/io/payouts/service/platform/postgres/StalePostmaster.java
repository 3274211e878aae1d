package io.payouts.service.platform.postgres;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * After a kill -9 of the JVM its embedded postmaster keeps running and holds the data directory, so the next
 * start would wait and fail. This stops such a leftover (SIGTERM, then SIGKILL after a timeout) and removes a
 * pid file whose process is gone or is no longer a postgres server (ADR-0002).
 */
final class StalePostmaster {

    private static final Logger log = LoggerFactory.getLogger(StalePostmaster.class);

    private StalePostmaster() {
    }

    static void clear(Path dataDir, Duration stopTimeout) throws IOException {
        Path pidFile = dataDir.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        Optional<ProcessHandle> postmaster = pidOf(pidFile).flatMap(ProcessHandle::of)
                .filter(ProcessHandle::isAlive)
                .filter(StalePostmaster::isPostgres);
        if (postmaster.isPresent()) {
            stop(postmaster.get(), stopTimeout);
        }
        Files.deleteIfExists(pidFile);
    }

    private static Optional<Long> pidOf(Path pidFile) throws IOException {
        List<String> lines = Files.readAllLines(pidFile);
        try {
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * A process whose command cannot be read is not ours to signal; if it were a postgres still using the
     * directory, PostgreSQL's own shared-memory interlock would refuse the second start.
     */
    private static boolean isPostgres(ProcessHandle process) {
        return process.info().command().map(command -> command.endsWith("postgres")).orElse(false);
    }

    private static void stop(ProcessHandle postmaster, Duration timeout) throws IOException {
        log.warn("Stopping leftover embedded PostgreSQL (pid {}) from a previous run that did not shut down cleanly",
                postmaster.pid());
        CompletableFuture<ProcessHandle> exited = postmaster.onExit();
        postmaster.destroy();
        try {
            exited.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            log.warn("Leftover PostgreSQL (pid {}) ignored SIGTERM for {}; killing it", postmaster.pid(), timeout);
            // Backends outlive a killed postmaster and would keep the shared memory the next start needs.
            postmaster.descendants().forEach(ProcessHandle::destroyForcibly);
            postmaster.destroyForcibly();
            awaitExit(exited);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping a leftover PostgreSQL", e);
        } catch (ExecutionException e) {
            throw new IOException("could not stop a leftover PostgreSQL", e.getCause());
        }
    }

    private static void awaitExit(CompletableFuture<ProcessHandle> exited) throws IOException {
        try {
            exited.get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping a leftover PostgreSQL", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("a leftover PostgreSQL did not exit", e);
        }
    }
}
