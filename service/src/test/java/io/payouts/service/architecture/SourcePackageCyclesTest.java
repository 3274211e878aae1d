package io.payouts.service.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No package cycles, read from the sources (ADR-0028). {@link PackageStructureTest} reads the compiled classes, in
 * which a compile-time constant ({@code static final} String or number) is copied into the class that uses it: a
 * package that reads another's constant shows no dependency there. Every name a source file refers to, imported or
 * written out, does show one here.
 */
class SourcePackageCyclesTest {

    /** The modules whose packages PackageStructureTest keeps free of cycles, by their source folders. */
    private static final List<String> MODULES = List.of("shared-api", "platform", "command-side", "query-side",
            "payout-rail", "webhook-projector", "service");

    /** The message packages of shared-api name each other's typed ids, as PackageStructureTest allows. */
    private static final Set<String> SHARED_MESSAGES = Set.of("io.payouts.shared", "io.payouts.shared.apikey",
            "io.payouts.shared.batch", "io.payouts.shared.driver", "io.payouts.shared.payout",
            "io.payouts.shared.wallet", "io.payouts.shared.approval");

    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern NAMED_TYPE = Pattern.compile("\\b(io\\.payouts(?:\\.[a-z][a-z0-9]*)*)\\.[A-Z]");

    @Test
    void noPackageReachesItselfThroughTheNamesItsSourcesUse() {
        Map<String, Set<String>> uses = uses();

        assertThat(uses).as("the sources were found").containsKey("io.payouts.query.driver");
        assertThat(cycles(uses)).as("packages that reach themselves through others").isEmpty();
    }

    /** Each package and the packages of io.payouts whose types its sources name. */
    static Map<String, Set<String>> uses() {
        Map<String, Set<String>> uses = new TreeMap<>();
        for (String module : MODULES) {
            Path sources = Path.of("..", module, "src", "main", "java");
            if (!Files.isDirectory(sources)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(file -> file.toString().endsWith(".java")).forEach(file -> read(file, uses));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return uses;
    }

    private static void read(Path file, Map<String, Set<String>> uses) {
        String source;
        try {
            source = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher declared = PACKAGE.matcher(source);
        if (!declared.find()) {
            return;
        }
        String from = declared.group(1);
        Set<String> used = uses.computeIfAbsent(from, name -> new TreeSet<>());
        Matcher named = NAMED_TYPE.matcher(source.substring(declared.end()));
        while (named.find()) {
            String to = named.group(1);
            if (!to.equals(from) && !(SHARED_MESSAGES.contains(from) && SHARED_MESSAGES.contains(to))) {
                used.add(to);
            }
        }
    }

    /** The strongly connected groups of more than one package (Tarjan), each as its sorted names. */
    static List<Set<String>> cycles(Map<String, Set<String>> uses) {
        return new Tarjan(uses).groups().stream().filter(group -> group.size() > 1).toList();
    }

    private static final class Tarjan {

        private final Map<String, Set<String>> uses;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> lowest = new HashMap<>();
        private final List<String> stack = new ArrayList<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<Set<String>> groups = new ArrayList<>();

        Tarjan(Map<String, Set<String>> uses) {
            this.uses = uses;
        }

        List<Set<String>> groups() {
            uses.keySet().forEach(name -> {
                if (!index.containsKey(name)) {
                    visit(name);
                }
            });
            return groups;
        }

        private void visit(String name) {
            index.put(name, index.size());
            lowest.put(name, index.get(name));
            stack.add(name);
            onStack.add(name);
            for (String next : uses.getOrDefault(name, Set.of())) {
                if (!index.containsKey(next)) {
                    visit(next);
                    lowest.put(name, Math.min(lowest.get(name), lowest.get(next)));
                } else if (onStack.contains(next)) {
                    lowest.put(name, Math.min(lowest.get(name), index.get(next)));
                }
            }
            if (lowest.get(name).equals(index.get(name))) {
                Set<String> group = new TreeSet<>();
                String member;
                do {
                    member = stack.remove(stack.size() - 1);
                    onStack.remove(member);
                    group.add(member);
                } while (!member.equals(name));
                groups.add(group);
            }
        }
    }
}
