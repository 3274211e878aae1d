package io.payouts.service.platform.postgres;

import io.payouts.service.platform.postgres.Migrations.Migration;
import io.payouts.service.platform.postgres.Migrations.MigrationFile;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.TestPostgres;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A database migrated by main at 17e42df, when every migration was in the service's {@code db/migration}, starts
 * with the migrations in their modules' locations: Flyway validates its history against the moved
 * files and applies nothing it applied before. The earlier layout is rebuilt from the files themselves, all in one
 * folder, and its history checked against the one 17e42df wrote ({@code applied-migrations.csv}).
 */
@DatabaseTest
class EarlierDatabasesMigrateTest {

    @Test
    void aDatabaseMigratedWithEveryMigrationInOneFolderStartsWithTheModulesLocations(@TempDir Path earlierLayout)
            throws IOException {
        List<Migration> appliedBefore = Migrations.appliedBefore();
        Set<Integer> versionsBefore = appliedBefore.stream().map(Migration::version).collect(Collectors.toSet());
        for (MigrationFile file : Migrations.onClasspath()) {
            if (versionsBefore.contains(file.migration().version())) {
                try (InputStream content = file.resource().getInputStream()) {
                    Files.copy(content, earlierLayout.resolve(file.resource().getFilename()));
                }
            }
        }
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        DriverManagerDataSource dataSource = new DriverManagerDataSource(database.url(), database.username(),
                database.password());
        Flyway.configure().dataSource(dataSource).locations("filesystem:" + earlierLayout).load().migrate();
        assertThat(history(dataSource)).as("the history main at 17e42df wrote").containsExactlyElementsOf(appliedBefore);

        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        FlywayAutoConfiguration.class))
                .withPropertyValues(serviceFlywayAnd(database))
                .run(context -> assertThat(context).hasNotFailed());
        Flyway.configure().dataSource(dataSource).locations(Migrations.configuredLocations().toArray(String[]::new))
                .load().validate();

        List<Migration> after = history(dataSource);
        assertThat(after.subList(0, appliedBefore.size())).containsExactlyElementsOf(appliedBefore);
        assertThat(after.subList(appliedBefore.size(), after.size()))
                .allSatisfy(added -> assertThat(versionsBefore).doesNotContain(added.version()));
    }

    @Test
    void aNewDatabaseMigratedFromTheModulesLocationsRecordsTheSameHistory() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        DriverManagerDataSource dataSource = new DriverManagerDataSource(database.url(), database.username(),
                database.password());

        Flyway.configure().dataSource(dataSource).locations(Migrations.configuredLocations().toArray(String[]::new))
                .load().migrate();

        List<Migration> appliedBefore = Migrations.appliedBefore();
        assertThat(history(dataSource).subList(0, appliedBefore.size())).containsExactlyElementsOf(appliedBefore);
    }

    /** The service's own spring.flyway settings, on this database. */
    private static String[] serviceFlywayAnd(TestPostgres.TestDatabase database) {
        List<String> properties = new ArrayList<>(List.of("spring.flyway.enabled=true",
                "spring.datasource.url=" + database.url(), "spring.datasource.username=" + database.username(),
                "spring.datasource.password=" + database.password()));
        List<String> locations = Migrations.configuredLocations();
        for (int i = 0; i < locations.size(); i++) {
            properties.add("spring.flyway.locations[" + i + "]=" + locations.get(i));
        }
        return properties.toArray(String[]::new);
    }

    private static List<Migration> history(DriverManagerDataSource dataSource) {
        return new JdbcTemplate(dataSource).query("""
                        select version, description, type, script, checksum from flyway_schema_history
                        where success order by installed_rank""",
                (row, number) -> new Migration(Integer.parseInt(row.getString("version")),
                        row.getString("description"), row.getString("type"), row.getString("script"),
                        row.getInt("checksum")));
    }
}
