package io.payouts.service.container;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How the model of the build stage reads COPY, WORKDIR and stages, against a made-up build context. */
class DockerfileBuildStageTest {

    private static final SortedSet<String> CONTEXT = new TreeSet<>(List.of("mvnw", "pom.xml",
            ".mvn/wrapper/maven-wrapper.properties", "a/pom.xml", "a/src/main/A.java", "b/pom.xml",
            "b/src/main/B.java"));

    @Test
    void copyingTheContextAsAWholeTakesEveryFileIntoTheWorkdir() {
        DockerfileBuildStage stage = read("FROM jdk AS build", "WORKDIR /src", "COPY . .",
                "RUN --mount=type=cache,target=/root/.m2 ./mvnw -B package");
        assertThat(stage.files()).isEqualTo(CONTEXT);
        assertThat(stage.workdir()).isEqualTo("/src");
        assertThat(stage.packagingCommand()).contains("./mvnw -B package");
    }

    @Test
    void filesGoIntoADirectoryDestinationAndADirectorySourceBringsItsContents() {
        DockerfileBuildStage stage = read("FROM jdk", "WORKDIR /src", "COPY mvnw pom.xml ./", "COPY .mvn .mvn",
                "COPY a/pom.xml a/", "COPY [\"a/src\", \"a/src\"]", "RUN ./mvnw package");
        assertThat(stage.files()).containsExactly(".mvn/wrapper/maven-wrapper.properties", "a/pom.xml",
                "a/src/main/A.java", "mvnw", "pom.xml");
    }

    @Test
    void wildcardsStayInASegmentAndStagesInheritWhatTheirBaseCopied() {
        DockerfileBuildStage stage = read("FROM jdk AS poms", "WORKDIR /src", "COPY */pom.xml ./",
                "FROM poms AS build", "COPY --chown=1000 \\", "    b/src b/src", "RUN mvn -q package");
        assertThat(stage.files()).containsExactly("b/src/main/B.java", "pom.xml");
    }

    @Test
    void aSourceMissingFromTheContextAndFilesFromAnotherStageAreNoInputs() {
        DockerfileBuildStage stage = read("FROM jdk", "WORKDIR /src", "COPY --from=tools /bin/x /bin/",
                "COPY payout-rail/pom.xml payout-rail/", "RUN ./mvnw package");
        assertThat(stage.files()).isEmpty();
        assertThat(stage.problems()).singleElement().asString().startsWith("COPY payout-rail/pom.xml");
    }

    @Test
    void aFlagThatChangesWhatIsCopiedIsNotGuessed() {
        assertThatThrownBy(() -> read("FROM jdk", "COPY --exclude=a . .", "RUN ./mvnw package"))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("--exclude");
    }

    private static DockerfileBuildStage read(String... dockerfile) {
        return DockerfileBuildStage.read(List.of(dockerfile), CONTEXT);
    }
}
