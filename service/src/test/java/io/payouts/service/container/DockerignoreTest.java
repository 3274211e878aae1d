package io.payouts.service.container;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The .dockerignore semantics the image's build relies on, as Docker documents them. */
class DockerignoreTest {

    @Test
    void aPatternIsRelativeToTheContextRootAndCoversWhatIsBelowIt() {
        Dockerignore ignore = Dockerignore.of(List.of("data/", "/bench/out"));
        assertThat(ignore.excludes("data")).isTrue();
        assertThat(ignore.excludes("data/postgres/PG_VERSION")).isTrue();
        assertThat(ignore.excludes("service/data/postgres/PG_VERSION")).isFalse();
        assertThat(ignore.excludes("bench/out/run.log")).isTrue();
        assertThat(ignore.excludes("bench/run.sh")).isFalse();
    }

    @Test
    void aSingleStarStaysInOneSegment() {
        Dockerignore ignore = Dockerignore.of(List.of("*/target/", "*.iml"));
        assertThat(ignore.excludes("service/target/payouts-service.jar")).isTrue();
        assertThat(ignore.excludes("target/classes/A.class")).isFalse();
        assertThat(ignore.excludes("rails/bank-rail/target/x.jar")).isFalse();
        assertThat(ignore.excludes("payouts.iml")).isTrue();
        assertThat(ignore.excludes("service/service.iml")).isFalse();
    }

    @Test
    void aDoubleStarSpansAnyNumberOfSegmentsNoneIncluded() {
        Dockerignore ignore = Dockerignore.of(List.of("**/target/", "**/node_modules"));
        assertThat(ignore.excludes("target/classes/A.class")).isTrue();
        assertThat(ignore.excludes("service/target/payouts-service.jar")).isTrue();
        assertThat(ignore.excludes("rails/bank-rail/target/x.jar")).isTrue();
        assertThat(ignore.excludes(".ci/lint/node_modules/.bin/spectral")).isTrue();
        assertThat(ignore.excludes("service/src/main/java/io/payouts/Targets.java")).isFalse();
    }

    @Test
    void theLastMatchingPatternDecidesAndCommentsAreNoPatterns() {
        Dockerignore ignore = Dockerignore.of(List.of("# build outputs", "**/target/", "!service/target/keep.txt"));
        assertThat(ignore.excludes("service/target/keep.txt")).isFalse();
        assertThat(ignore.excludes("service/target/other.txt")).isTrue();
        assertThat(ignore.excludingPattern("service/target/other.txt")).contains("**/target/");
        assertThat(ignore.excludes("# build outputs")).isFalse();
        assertThat(ignore.mayIncludeBelowAnExcludedDirectory()).isTrue();
    }
}
