package io.payouts.service.platform.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;

/**
 * Run in a child JVM by {@link EmbeddedPostgresDurabilityTest}: starts the embedded database, commits one row,
 * says READY and waits to be killed with -9.
 */
public final class KilledJvmChild {

    private KilledJvmChild() {
    }

    public static void main(String[] args) throws Exception {
        EmbeddedPostgres postgres = EmbeddedPostgresLauncher.start(
                new EmbeddedPostgresProperties(Path.of(args[0]), 0, Duration.ofSeconds(30)));
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement ddl = connection.createStatement();
             PreparedStatement insert = connection.prepareStatement("insert into acknowledged (value) values (?)")) {
            ddl.execute("create table if not exists acknowledged (value text not null)");
            insert.setString(1, args[1]);
            insert.executeUpdate();
        }
        System.out.println("READY");
        System.out.flush();
        Thread.currentThread().join();
    }
}
