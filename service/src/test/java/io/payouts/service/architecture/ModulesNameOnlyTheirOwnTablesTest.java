package io.payouts.service.architecture;

import org.junit.jupiter.api.Test;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No module's SQL names another module's table: a table belongs to the module whose migrations create it
 * ({@code db/migration/<module>}), and only that module's main code names it in a string literal or text block (JDBC
 * statements, native queries, JPA mappings). Cross-cutting work reaches the others' tables through the hooks each
 * module implements for its own (io.payouts.platform.tables), and the event store through the names platform
 * publishes (io.payouts.platform.eventstore.EventTables).
 */
class ModulesNameOnlyTheirOwnTablesTest {

    private static final String MIGRATIONS = "db/migration/";
    private static final Pattern CREATED = Pattern.compile(
            "create\\s+(?:table|sequence)\\s+(?:if\\s+not\\s+exists\\s+)?([a-z_][a-z0-9_]*)");
    private static final Pattern WORD = Pattern.compile("[a-z_][a-z0-9_]*");

    /**
     * Tables created by a migration that holds tables of several owners and stays whole in the location of its main
     * owner (an applied migration never changes): their owner.
     */
    private static final Map<String, String> OWNED_OUTSIDE_THEIR_MIGRATIONS_LOCATION = Map.of(
            "driver_svc_id_claim", "command-side", // V2__drivers, in query-side's location
            "api_key_view", "query-side", // V3__identity, in service's location
            "api_key_last_use", "query-side", // V3__identity, in service's location
            "scheduled_tasks", "platform"); // V8__batches, in query-side's location: db-scheduler's, for Axon's deadlines

    /** "module:path:table" of a statement that may name another module's table, and why it must. None so far. */
    private static final Map<String, String> ALLOWED = Map.of();

    @Test
    void noModulesMainCodeNamesATableOfAnotherModule() {
        Map<String, String> owners = owners();
        List<String> foreign = new ArrayList<>();
        for (Path module : modules()) {
            String name = module.getFileName().toString();
            for (Literal literal : literals(module.resolve("src/main/java"))) {
                Matcher words = WORD.matcher(literal.text().toLowerCase(Locale.ROOT));
                while (words.find()) {
                    String owner = owners.get(words.group());
                    String at = name + ":" + module.relativize(literal.file()) + ":" + words.group();
                    if (owner != null && !owner.equals(name) && !ALLOWED.containsKey(at)) {
                        foreign.add(name + "/" + module.relativize(literal.file()) + ":" + literal.line() + " names "
                                + words.group() + " (" + owner + ")");
                    }
                }
            }
        }

        assertThat(foreign).as("statements naming another module's table").isEmpty();
    }

    @Test
    void everyTableHasOneOwnerAndEveryOwnerIsAModule() {
        Map<String, String> owners = owners();
        List<String> modules = modules().stream().map(module -> module.getFileName().toString()).toList();

        assertThat(owners).containsKeys("domain_event_entry", "driver_view", "rail_payment", "webhook_delivery",
                "audit_event", "batch_membership");
        assertThat(owners.values()).allSatisfy(owner -> assertThat(modules).contains(owner));
        assertThat(OWNED_OUTSIDE_THEIR_MIGRATIONS_LOCATION).allSatisfy((table, owner) ->
                assertThat(createdIn().get(table)).as(table).isNotNull().isNotEqualTo(owner));
    }

    /** Each table's (and sequence's) owner: the module whose location creates it, unless a mixed file does. */
    private static Map<String, String> owners() {
        Map<String, String> owners = new TreeMap<>(createdIn());
        owners.putAll(OWNED_OUTSIDE_THEIR_MIGRATIONS_LOCATION);
        return owners;
    }

    /** Each table and sequence, and the module whose migrations' location creates it. */
    private static Map<String, String> createdIn() {
        Map<String, String> created = new TreeMap<>();
        try {
            for (Resource migration : new PathMatchingResourcePatternResolver()
                    .getResources("classpath*:" + MIGRATIONS + "*/*.sql")) {
                String url = migration.getURL().toString();
                String path = url.substring(url.lastIndexOf(MIGRATIONS) + MIGRATIONS.length());
                String module = path.substring(0, path.indexOf('/'));
                String sql = new String(migration.getContentAsByteArray(), StandardCharsets.UTF_8)
                        .toLowerCase(Locale.ROOT);
                Matcher table = CREATED.matcher(sql);
                while (table.find()) {
                    String previous = created.put(table.group(1), module);
                    assertThat(previous).as("%s created twice", table.group(1)).isNull();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return created;
    }

    /** Every module of the build with main code: the folders beside this one with src/main/java. */
    private static List<Path> modules() {
        Path root = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(root.resolve("platform")) || !Files.isRegularFile(root.resolve("pom.xml"))) {
            root = root.getParent();
            assertThat(root).as("the build's root folder").isNotNull();
        }
        try (Stream<Path> folders = Files.list(root)) {
            return folders.filter(folder -> Files.isDirectory(folder.resolve("src/main/java"))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Literal> literals(Path sources) {
        try (Stream<Path> files = Files.walk(sources)) {
            List<Literal> literals = new ArrayList<>();
            for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                literals.addAll(JavaLiterals.in(file, Files.readString(file)));
            }
            return literals;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record Literal(Path file, int line, String text) {
    }

    /** The string literals and text blocks of a Java source, comments and character literals left out. */
    static final class JavaLiterals {

        private JavaLiterals() {
        }

        static List<Literal> in(Path file, String source) {
            List<Literal> literals = new ArrayList<>();
            int line = 1;
            int i = 0;
            while (i < source.length()) {
                char c = source.charAt(i);
                if (source.startsWith("//", i)) {
                    i = end(source, source.indexOf('\n', i));
                } else if (source.startsWith("/*", i)) {
                    int close = source.indexOf("*/", i + 2);
                    int end = close < 0 ? source.length() : close + 2;
                    line += count(source, i, end);
                    i = end;
                } else if (source.startsWith("\"\"\"", i)) {
                    int end = closing(source, i + 3, "\"\"\"");
                    literals.add(new Literal(file, line, source.substring(i + 3, end)));
                    line += count(source, i, end);
                    i = end + 3;
                } else if (c == '"' || c == '\'') {
                    int end = closing(source, i + 1, String.valueOf(c));
                    if (c == '"') {
                        literals.add(new Literal(file, line, source.substring(i + 1, end)));
                    }
                    i = end + 1;
                } else {
                    if (c == '\n') {
                        line++;
                    }
                    i++;
                }
            }
            return literals;
        }

        /** The index of the unescaped {@code quote} that closes a literal opened before {@code from}. */
        private static int closing(String source, int from, String quote) {
            int i = from;
            while (!source.startsWith(quote, i)) {
                i += source.charAt(i) == '\\' ? 2 : 1;
            }
            return i;
        }

        private static int end(String source, int index) {
            return index < 0 || index > source.length() ? source.length() : index;
        }

        private static int count(String source, int from, int to) {
            return (int) source.substring(from, Math.min(to, source.length())).chars().filter(c -> c == '\n').count();
        }
    }
}
