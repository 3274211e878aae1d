package io.payouts.service.container;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Dockerfile's build stage holds when its Maven packaging RUN starts: the files its COPY and ADD instructions
 * (and those of the stages it is built FROM) take from the build context, as paths relative to the RUN's WORKDIR.
 * Only what the Dockerfile says is modelled; a flag that would change which files are copied and that this class does
 * not know fails loudly rather than being guessed.
 */
record DockerfileBuildStage(String packagingCommand, String workdir, SortedSet<String> files, List<String> problems) {

    private static final Pattern PACKAGING = Pattern.compile("\\bmvnw?\\b.*\\bpackage\\b");
    private static final Pattern JSON_STRING = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Set<String> FLAGS_THAT_KEEP_THE_FILES = Set.of("--chown", "--chmod", "--link", "--checksum",
            "--keep-git-dir");

    private record Instruction(String keyword, String arguments) {
    }

    /** A stage while the Dockerfile is read: its working directory and the files copied in, by absolute path. */
    private static final class Stage {
        private String workdir = "/";
        private final SortedSet<String> files = new TreeSet<>();
        private final List<String> problems = new ArrayList<>();

        Stage copyOf() {
            Stage copy = new Stage();
            copy.workdir = workdir;
            copy.files.addAll(files);
            copy.problems.addAll(problems);
            return copy;
        }
    }

    static DockerfileBuildStage read(List<String> dockerfile, SortedSet<String> context) {
        Map<String, Stage> stagesByName = new HashMap<>();
        Stage stage = null;
        for (Instruction instruction : instructions(dockerfile)) {
            if (instruction.keyword().equals("FROM")) {
                stage = from(instruction.arguments(), stagesByName);
            } else if (stage == null) {
                continue;
            } else if (instruction.keyword().equals("WORKDIR")) {
                stage.workdir = absolute(stage.workdir, withoutVariables(instruction.arguments()));
            } else if (instruction.keyword().equals("COPY") || instruction.keyword().equals("ADD")) {
                copy(stage, instruction, context);
            } else if (instruction.keyword().equals("RUN") && PACKAGING.matcher(instruction.arguments()).find()) {
                return atRun(stage, instruction.arguments().replaceFirst("^(--\\S+\\s+)+", ""));
            }
        }
        throw new IllegalStateException("no RUN instruction in the Dockerfile packages with Maven (mvnw ... package)");
    }

    private static DockerfileBuildStage atRun(Stage stage, String command) {
        String prefix = stage.workdir.equals("/") ? "/" : stage.workdir + "/";
        SortedSet<String> files = new TreeSet<>();
        stage.files.stream().filter(file -> file.startsWith(prefix))
                .forEach(file -> files.add(file.substring(prefix.length())));
        return new DockerfileBuildStage(command, stage.workdir, files, List.copyOf(stage.problems));
    }

    private static Stage from(String arguments, Map<String, Stage> stagesByName) {
        List<String> words = new ArrayList<>(List.of(arguments.split("\\s+")));
        words.removeIf(word -> word.startsWith("--"));
        Stage base = stagesByName.get(words.get(0).toLowerCase(Locale.ROOT));
        Stage stage = base == null ? new Stage() : base.copyOf();
        if (words.size() >= 3 && words.get(1).equalsIgnoreCase("AS")) {
            stagesByName.put(words.get(2).toLowerCase(Locale.ROOT), stage);
        }
        return stage;
    }

    private static void copy(Stage stage, Instruction instruction, SortedSet<String> context) {
        String rest = instruction.arguments();
        while (rest.startsWith("--")) {
            int end = rest.indexOf(' ');
            String flag = end < 0 ? rest : rest.substring(0, end);
            String name = flag.contains("=") ? flag.substring(0, flag.indexOf('=')) : flag;
            if (name.equals("--from")) {
                return;
            }
            if (!FLAGS_THAT_KEEP_THE_FILES.contains(name)) {
                throw new UnsupportedOperationException(instruction.keyword() + " " + flag
                        + ": a flag this test does not model; teach DockerfileBuildStage what it copies");
            }
            rest = end < 0 ? "" : rest.substring(end + 1).strip();
        }
        List<String> words = rest.startsWith("[") ? jsonStrings(rest) : List.of(rest.split("\\s+"));
        List<String> sources = words.subList(0, words.size() - 1);
        String destination = withoutVariables(words.get(words.size() - 1));
        String target = absolute(stage.workdir, destination);
        boolean intoDirectory = destination.endsWith("/") || destination.equals(".") || sources.size() > 1
                || target.equals(stage.workdir) || stage.files.stream().anyMatch(f -> f.startsWith(target + "/"));
        for (String source : sources) {
            if (source.contains("://") || source.startsWith("git@")) {
                continue;
            }
            String cleaned = DockerGlob.clean(withoutVariables(source));
            List<String> matches = matches(cleaned, context);
            if (matches.isEmpty()) {
                stage.problems.add(instruction.keyword() + " " + source + ": not in the build context, so the build "
                        + "stops there");
            }
            boolean wildcard = cleaned.matches(".*[*?\\[].*");
            for (String match : matches) {
                copyOne(stage, match, context, target, intoDirectory || wildcard);
            }
        }
    }

    private static void copyOne(Stage stage, String source, SortedSet<String> context, String target,
                                boolean intoDirectory) {
        if (context.contains(source)) {
            String name = source.substring(source.lastIndexOf('/') + 1);
            stage.files.add(intoDirectory ? join(target, name) : target);
            return;
        }
        String prefix = source.isEmpty() ? "" : source + "/";
        context.stream().filter(file -> file.startsWith(prefix))
                .forEach(file -> stage.files.add(join(target, file.substring(prefix.length()))));
    }

    /** The files and directories of the context a COPY source names: itself, or what its wildcards match. */
    private static List<String> matches(String source, SortedSet<String> context) {
        if (source.isEmpty()) {
            return context.isEmpty() ? List.of() : List.of("");
        }
        Pattern glob = DockerGlob.compile(source, false);
        SortedSet<String> candidates = new TreeSet<>();
        for (String file : context) {
            candidates.add(file);
            for (int slash = file.indexOf('/'); slash >= 0; slash = file.indexOf('/', slash + 1)) {
                candidates.add(file.substring(0, slash));
            }
        }
        return candidates.stream().filter(candidate -> glob.matcher(candidate).matches()).toList();
    }

    private static List<Instruction> instructions(List<String> lines) {
        List<Instruction> instructions = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        for (String line : lines) {
            String trimmed = line.strip();
            if (trimmed.startsWith("#") || trimmed.isEmpty()) {
                continue;
            }
            if (trimmed.endsWith("\\")) {
                pending.append(trimmed, 0, trimmed.length() - 1).append(' ');
                continue;
            }
            String text = pending.append(trimmed).toString().strip();
            pending.setLength(0);
            String[] keywordAndArguments = text.split("\\s+", 2);
            instructions.add(new Instruction(keywordAndArguments[0].toUpperCase(Locale.ROOT),
                    keywordAndArguments.length > 1 ? keywordAndArguments[1].strip() : ""));
        }
        return instructions;
    }

    private static List<String> jsonStrings(String array) {
        List<String> strings = new ArrayList<>();
        Matcher matcher = JSON_STRING.matcher(array);
        while (matcher.find()) {
            strings.add(matcher.group(1).replaceAll("\\\\(.)", "$1"));
        }
        return strings;
    }

    private static String withoutVariables(String path) {
        if (path.contains("$")) {
            throw new UnsupportedOperationException(path + ": this test does not expand ARG or ENV variables");
        }
        return path;
    }

    private static String absolute(String workdir, String path) {
        return "/" + DockerGlob.clean(path.startsWith("/") ? path : workdir + "/" + path);
    }

    private static String join(String directory, String relative) {
        return relative.isEmpty() ? directory : directory.equals("/") ? "/" + relative : directory + "/" + relative;
    }
}
