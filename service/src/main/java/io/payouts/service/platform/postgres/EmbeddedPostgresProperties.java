package io.payouts.service.platform.postgres;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The embedded PostgreSQL used when no {@code spring.datasource.url} is set (ADR-0002).
 *
 * @param dataDir      where the database files live; kept across restarts
 * @param port         0 picks a free port at every start
 * @param stopTimeout  how long to wait for a leftover postmaster to stop after SIGTERM before killing it
 */
@ConfigurationProperties("payouts.embedded-postgres")
public record EmbeddedPostgresProperties(Path dataDir, Integer port, Duration stopTimeout) {

    public EmbeddedPostgresProperties {
        dataDir = dataDir == null ? Path.of("data", "postgres") : dataDir;
        port = port == null ? 0 : port;
        stopTimeout = stopTimeout == null ? Duration.ofSeconds(30) : stopTimeout;
    }
}
