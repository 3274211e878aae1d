package io.payouts.testsupport;

import org.flywaydb.core.Flyway;

import javax.sql.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The migrations a module's database tests apply: platform's and those of the modules named, each module's
 * from its {@code db/migration/<module>}. A module's own location is on its test classpath; another's, which it does
 * not depend on, is read from that module's sources in the checkout (query-side's V8 alters payout-rail's table, and
 * payout-rail's payments need V8's column, so each module's tests migrate the other's too).
 */
public final class Migrations {

    private static final String ROOT = "db/migration/";

    private Migrations() {
    }

    /** Migrates the database with platform's migrations and those of {@code modules}, in version order. */
    public static void migrate(DataSource dataSource, String... modules) {
        Flyway.configure().dataSource(dataSource).locations(locations(modules)).load().migrate();
    }

    /** The Flyway locations of platform's migrations and those of {@code modules}. */
    public static String[] locations(String... modules) {
        Set<String> named = new LinkedHashSet<>(List.of("platform"));
        named.addAll(List.of(modules));
        List<String> locations = new ArrayList<>();
        for (String module : named) {
            locations.add(location(module));
        }
        return locations.toArray(String[]::new);
    }

    private static String location(String module) {
        if (Migrations.class.getClassLoader().getResource(ROOT + module) != null) {
            return "classpath:" + ROOT + module;
        }
        Path folder = Path.of("").toAbsolutePath();
        while (folder != null) {
            Path sources = folder.resolve(module).resolve("src/main/resources").resolve(ROOT + module);
            if (Files.isDirectory(sources)) {
                return "filesystem:" + sources;
            }
            folder = folder.getParent();
        }
        throw new IllegalArgumentException("no migrations of module " + module + " on the classpath or in the checkout");
    }
}
