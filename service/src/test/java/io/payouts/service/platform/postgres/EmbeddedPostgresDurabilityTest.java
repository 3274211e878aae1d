package io.payouts.service.platform.postgres;

import io.payouts.testsupport.ApplicationTest;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The embedded default keeps acknowledged writes through a kill -9 and recovers from what the dead JVM left. */
@ApplicationTest
class EmbeddedPostgresDurabilityTest {

    @TempDir
    Path dataDir;

    @Test
    void aKilledJvmLosesNoCommittedRowAndItsLeftoverPostmasterIsReplaced() throws Exception {
        String value = UUID.randomUUID().toString();
        Process child = startChild(value);
        try {
            awaitReady(child);
        } finally {
            child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        long leftoverPid = postmasterPid();
        assertThat(ProcessHandle.of(leftoverPid).map(ProcessHandle::isAlive)).as("postmaster outlives kill -9")
                .contains(true);

        try (EmbeddedPostgres restarted = EmbeddedPostgresLauncher.start(properties())) {
            assertThat(ProcessHandle.of(leftoverPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            assertThat(query(restarted, "select value from acknowledged")).containsExactly(value);
        }
    }

    @Test
    void runsWithEveryCommitFlushedToDisk() throws Exception {
        try (EmbeddedPostgres postgres = EmbeddedPostgresLauncher.start(properties())) {
            assertThat(query(postgres, "show fsync")).containsExactly("on");
            assertThat(query(postgres, "show synchronous_commit")).containsExactly("on");
            assertThat(query(postgres, "show full_page_writes")).containsExactly("on");
        }
    }

    @Test
    void keepsDataAcrossACleanRestart() throws Exception {
        try (EmbeddedPostgres postgres = EmbeddedPostgresLauncher.start(properties())) {
            execute(postgres, "create table kept (value text)", "insert into kept values ('still here')");
        }
        try (EmbeddedPostgres postgres = EmbeddedPostgresLauncher.start(properties())) {
            assertThat(query(postgres, "select value from kept")).containsExactly("still here");
        }
    }

    @Test
    void startsDespiteAPidFileNamingALiveProcessThatIsNotPostgres() throws Exception {
        EmbeddedPostgresLauncher.start(properties()).close();
        Files.writeString(dataDir.resolve("postmaster.pid"), ProcessHandle.current().pid() + "\n" + dataDir + "\n");

        try (EmbeddedPostgres postgres = EmbeddedPostgresLauncher.start(properties())) {
            assertThat(query(postgres, "select 1")).containsExactly("1");
        }
        assertThat(ProcessHandle.current().isAlive()).isTrue();
    }

    private EmbeddedPostgresProperties properties() {
        return new EmbeddedPostgresProperties(dataDir, 0, Duration.ofSeconds(30));
    }

    private Process startChild(String value) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                KilledJvmChild.class.getName(), dataDir.toString(), value)
                .redirectErrorStream(true)
                .start();
    }

    private static void awaitReady(Process child) throws Exception {
        CompletableFuture<Boolean> ready = CompletableFuture.supplyAsync(() -> {
            try (BufferedReader output = new BufferedReader(
                    new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = output.readLine()) != null) {
                    if (line.equals("READY")) {
                        return true;
                    }
                }
                return false;
            } catch (IOException e) {
                return false;
            }
        });
        assertThat(ready.get(120, TimeUnit.SECONDS)).as("child JVM committed its row").isTrue();
    }

    private long postmasterPid() throws IOException {
        return Long.parseLong(Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).trim());
    }

    private static List<String> query(EmbeddedPostgres postgres, String sql) throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            List<String> values = new ArrayList<>();
            while (rows.next()) {
                values.add(rows.getString(1));
            }
            return values;
        }
    }

    private static void execute(EmbeddedPostgres postgres, String... statements) throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
