package io.payouts.service.container;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * {@code docker compose up} builds the image from the repository's Dockerfile; there is no Docker engine where this
 * suite runs, so the build stage is reproduced here: the context Docker would send (after {@code .dockerignore}), what
 * the stage's COPY and ADD instructions take from it, and whether that holds every file {@code mvnw package} reads for
 * the modules the root pom lists. A module added to the reactor and missing from the image fails here, not at
 * somebody's {@code docker compose up}.
 */
class DockerfileBuildsEveryModuleTest {

    private static Path root;
    private static Dockerignore dockerignore;
    private static SortedSet<String> buildInputs;

    @BeforeAll
    static void readTheRepository() throws IOException {
        root = repositoryRoot();
        dockerignore = Dockerignore.read(root.resolve(".dockerignore"));
        buildInputs = MavenReactor.buildInputs(root);
    }

    @Test
    void theBuildStageHasEveryFileTheMavenBuildReads() throws IOException {
        SortedSet<String> context = BuildContext.files(root, dockerignore);
        DockerfileBuildStage stage = DockerfileBuildStage.read(Files.readAllLines(root.resolve("Dockerfile")), context);
        assertThat(stage.problems()).as("COPY and ADD sources of the build stage").isEmpty();

        SortedSet<String> missing = new TreeSet<>(buildInputs);
        missing.removeAll(stage.files());
        if (!missing.isEmpty()) {
            fail("The Dockerfile's build stage lacks files that `%s` reads (in %s), by module:%n%s",
                    stage.packagingCommand(), stage.workdir(), byModule(missing));
        }
    }

    @Test
    void dockerignoreExcludesNoFileTheMavenBuildReads() {
        Map<String, String> excluded = new TreeMap<>();
        for (String input : buildInputs) {
            dockerignore.excludingPattern(input).ifPresent(pattern -> excluded.put(input, pattern));
        }
        assertThat(excluded).as(".dockerignore patterns leaving out files the Maven build reads").isEmpty();
    }

    @Test
    void everyModuleTheRootPomListsHasItsPom() throws IOException {
        assertThat(MavenReactor.modules(root)).isNotEmpty()
                .allSatisfy(module -> assertThat(root.resolve(module.pom())).isRegularFile());
    }

    /** Maven runs this module's tests in {@code service/}: the root is the nearest folder with the reactor's pom. */
    private static Path repositoryRoot() throws IOException {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("Dockerfile")) && MavenReactor.isAggregator(dir.resolve("pom.xml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no folder above " + Path.of("").toAbsolutePath()
                + " has a Dockerfile and a pom.xml with <modules>");
    }

    private static String byModule(SortedSet<String> files) throws IOException {
        List<String> modules = MavenReactor.modules(root).stream().map(MavenReactor.Module::directory)
                .sorted(Comparator.comparing(String::length).reversed()).toList();
        Map<String, List<String>> grouped = files.stream().collect(Collectors.groupingBy(
                file -> modules.stream().filter(module -> file.startsWith(module + "/")).findFirst().orElse("(root)"),
                TreeMap::new, Collectors.toList()));
        return grouped.entrySet().stream()
                .map(entry -> "  " + entry.getKey() + ": " + entry.getValue().size() + " files, e.g. "
                        + String.join(", ", entry.getValue().subList(0, Math.min(3, entry.getValue().size()))))
                .collect(Collectors.joining(System.lineSeparator()));
    }
}
