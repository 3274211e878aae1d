package io.payouts.service.container;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A {@code .dockerignore} with Docker's rules: {@code #} lines are comments, a pattern is cleaned and taken relative
 * to the context's root, it excludes a path it matches or whose parent directory it matches, {@code !} makes an
 * exception, and the last pattern that matches decides.
 */
final class Dockerignore {

    private record Rule(String pattern, Pattern regex, boolean exception) {
    }

    private final List<Rule> rules;

    private Dockerignore(List<Rule> rules) {
        this.rules = rules;
    }

    static Dockerignore read(Path file) throws IOException {
        return Files.exists(file) ? of(Files.readAllLines(file)) : of(List.of());
    }

    static Dockerignore of(List<String> lines) {
        List<Rule> rules = new ArrayList<>();
        for (String line : lines) {
            String pattern = line.strip();
            if (line.startsWith("#") || pattern.isEmpty()) {
                continue;
            }
            boolean exception = pattern.startsWith("!");
            String cleaned = DockerGlob.clean(exception ? pattern.substring(1).strip() : pattern);
            rules.add(new Rule(pattern, DockerGlob.compile(cleaned, true), exception));
        }
        return new Dockerignore(rules);
    }

    boolean excludes(String path) {
        return excludingPattern(path).isPresent();
    }

    /** The pattern that leaves {@code path} (relative, {@code /}-separated) out of the context, if one does. */
    Optional<String> excludingPattern(String path) {
        Rule decisive = null;
        for (Rule rule : rules) {
            if (matchesItOrAParent(rule.regex(), path)) {
                decisive = rule;
            }
        }
        return decisive == null || decisive.exception() ? Optional.empty() : Optional.of(decisive.pattern());
    }

    /** With an exception pattern, something below an excluded directory may still be sent: it must be looked at. */
    boolean mayIncludeBelowAnExcludedDirectory() {
        return rules.stream().anyMatch(Rule::exception);
    }

    private static boolean matchesItOrAParent(Pattern regex, String path) {
        for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
            if (regex.matcher(path.substring(0, slash)).matches()) {
                return true;
            }
        }
        return regex.matcher(path).matches();
    }
}
