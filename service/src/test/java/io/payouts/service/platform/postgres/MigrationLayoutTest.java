package io.payouts.service.platform.postgres;

import io.payouts.service.platform.postgres.Migrations.Migration;
import io.payouts.service.platform.postgres.Migrations.MigrationFile;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each module keeps the migrations of its own tables in {@code db/migration/<module>}, and the service gives Flyway
 * every module's location. A migration applied before keeps its version, description and checksum
 * wherever its file moved, since Flyway validates them against the history of every existing database; a new one
 * comes after every one applied before. {@link EarlierDatabasesMigrateTest} runs Flyway itself on such a database.
 */
class MigrationLayoutTest {

    private static final List<MigrationFile> FILES = Migrations.onClasspath();

    @Test
    void theServiceMigratesEveryModulesLocationAndNoOther() {
        List<String> found = FILES.stream().map(MigrationFile::location).distinct().sorted().toList();

        assertThat(Migrations.configuredLocations()).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(found)
                .allSatisfy(location -> assertThat(location).matches("classpath:db/migration/[a-z-]+"));
        assertThat(found).contains("classpath:db/migration/platform", "classpath:db/migration/service");
    }

    @Test
    void everyFileIsAVersionedMigration() {
        assertThat(FILES).allSatisfy(file -> assertThat(file.migration().version())
                .as("%s in %s", file.resource().getFilename(), file.location()).isPositive());
    }

    @Test
    void noTwoMigrationsShareAVersionWhicheverLocationsTheyAreIn() {
        Map<Integer, List<String>> byVersion = FILES.stream().collect(Collectors.groupingBy(
                file -> file.migration().version(),
                Collectors.mapping(file -> file.location() + "/" + file.resource().getFilename(), Collectors.toList())));

        assertThat(byVersion).allSatisfy((version, files) -> assertThat(files).as("V%d", version).hasSize(1));
    }

    @Test
    void everyMigrationAppliedBeforeIsThereUnchangedAndEveryNewOneComesAfterThem() {
        List<Migration> appliedBefore = Migrations.appliedBefore();
        Map<Integer, Migration> resolved = FILES.stream().map(MigrationFile::migration)
                .collect(Collectors.toMap(Migration::version, Function.identity()));
        int lastBefore = appliedBefore.stream().mapToInt(Migration::version).max().orElseThrow();

        assertThat(appliedBefore).hasSize(21);
        assertThat(appliedBefore.stream().map(Migration::validated))
                .containsExactlyElementsOf(appliedBefore.stream().map(applied -> resolved.get(applied.version()))
                        .map(migration -> migration == null ? "missing" : migration.validated()).toList());
        assertThat(resolved.keySet()).allSatisfy(version -> assertThat(version)
                .satisfiesAnyOf(v -> assertThat(appliedBefore).extracting(Migration::version).contains(v),
                        v -> assertThat(v).isGreaterThan(lastBefore)));
    }
}
