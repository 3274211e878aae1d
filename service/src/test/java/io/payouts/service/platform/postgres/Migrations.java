package io.payouts.service.platform.postgres;

import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The service's migrations as its tests see them: the locations {@code application.yml} gives Flyway, the
 * versioned migrations each module keeps in {@code db/migration/<module>}, and the history a database migrated before
 * the migrations moved holds ({@code applied-migrations.csv}).
 */
final class Migrations {

    static final String ROOT = "db/migration/";
    private static final Pattern VERSIONED = Pattern.compile("V(\\d+)__(.+)\\.sql");

    /** One versioned migration, as Flyway resolves it from a file or records it in its history. */
    record Migration(int version, String description, String type, String script, int checksum) {

        /** What Flyway validates of an applied migration. */
        String validated() {
            return version + "," + description + "," + type + "," + checksum;
        }
    }

    /** A migration file and the location it was found in. */
    record MigrationFile(String location, Resource resource, Migration migration) {
    }

    private Migrations() {
    }

    /** {@code spring.flyway.locations} of the service's {@code application.yml}, in order. */
    static List<String> configuredLocations() {
        try {
            List<PropertySource<?>> sources = new YamlPropertySourceLoader().load("application",
                    new ClassPathResource("application.yml"));
            List<String> locations = new ArrayList<>();
            for (int i = 0; ; i++) {
                Object location = sources.get(0).getProperty("spring.flyway.locations[" + i + "]");
                if (location == null) {
                    return locations;
                }
                locations.add(location.toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every SQL file below {@code db/migration} on the classpath, whatever folder it is in. */
    static List<MigrationFile> onClasspath() {
        try {
            List<MigrationFile> files = new ArrayList<>();
            for (Resource resource : new PathMatchingResourcePatternResolver().getResources("classpath*:" + ROOT
                    + "**/*.sql")) {
                String url = resource.getURL().toString();
                String path = url.substring(url.lastIndexOf(ROOT) + ROOT.length());
                int slash = path.lastIndexOf('/');
                String location = "classpath:" + ROOT + (slash < 0 ? "" : path.substring(0, slash));
                files.add(new MigrationFile(location.endsWith("/") ? location.substring(0, location.length() - 1)
                        : location, resource, resolve(resource)));
            }
            files.sort(Comparator.comparingInt(file -> file.migration().version()));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The history of a database migrated by main at 17e42df, before the migrations moved to their modules. */
    static List<Migration> appliedBefore() {
        List<Migration> applied = new ArrayList<>();
        try (BufferedReader lines = reader(Migrations.class.getResourceAsStream("applied-migrations.csv"))) {
            lines.lines().filter(line -> !line.startsWith("#") && !line.isBlank()).forEach(line -> {
                String[] fields = line.split(",");
                applied.add(new Migration(Integer.parseInt(fields[0]), fields[1], fields[2], fields[3],
                        Integer.parseInt(fields[4])));
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return applied;
    }

    /**
     * Version and description from the file name, and the checksum as Flyway computes it (its ChecksumCalculator):
     * CRC32 over the UTF-8 bytes of each line without its line break, a byte-order mark left out.
     */
    static Migration resolve(Resource resource) throws IOException {
        Matcher name = VERSIONED.matcher(resource.getFilename());
        if (!name.matches()) {
            return new Migration(-1, resource.getFilename(), "unversioned", resource.getFilename(), 0);
        }
        CRC32 crc = new CRC32();
        try (BufferedReader lines = reader(resource.getInputStream())) {
            String line = lines.readLine();
            if (line != null && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            while (line != null) {
                crc.update(line.getBytes(StandardCharsets.UTF_8));
                line = lines.readLine();
            }
        }
        return new Migration(Integer.parseInt(name.group(1)), name.group(2).replace('_', ' '), "SQL",
                resource.getFilename(), (int) crc.getValue());
    }

    private static BufferedReader reader(InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
}
