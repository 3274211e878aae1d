package io.payouts.service.platform.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.nio.file.Files;

/** Starts a durable embedded PostgreSQL on a persistent data directory (ADR-0002). */
public final class EmbeddedPostgresLauncher {

    private EmbeddedPostgresLauncher() {
    }

    public static EmbeddedPostgres start(EmbeddedPostgresProperties properties) throws IOException {
        Files.createDirectories(properties.dataDir());
        StalePostmaster.clear(properties.dataDir(), properties.stopTimeout());
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(properties.dataDir())
                .setCleanDataDirectory(false)
                // Spring closes the database after the DataSource and the event processors; zonky's own hook
                // would race them at JVM exit.
                .setRegisterShutdownHook(false)
                // zonky's defaults are for throwaway tests; stored money needs every commit on disk.
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on");
        if (properties.port() != 0) {
            builder.setPort(properties.port());
        }
        return builder.start();
    }
}
