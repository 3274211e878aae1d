package io.payouts.audit;

import io.payouts.platform.tables.ReadModelTables;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A checksum of each read model (ADR-0025): MD5 over the MD5 of every row's text, in the order of those digests, so it
 * depends on the rows' contents only, never on their physical order. A rebuild that reproduces the read model gives
 * the same checksum; one that does not, another. Each module names its read models' tables ({@link ReadModelTables}).
 */
@Component
public class ProjectionChecksums {

    private final JdbcTemplate jdbc;
    private final ObjectProvider<ReadModelTables> modules;

    ProjectionChecksums(JdbcTemplate jdbc, ObjectProvider<ReadModelTables> modules) {
        this.jdbc = jdbc;
        this.modules = modules;
    }

    public Optional<ReadModelChecksum> of(String processor) {
        List<String> tables = tables().get(processor);
        if (tables == null) {
            return Optional.empty();
        }
        List<TableChecksum> each = new ArrayList<>();
        for (String table : tables) {
            each.add(jdbc.queryForObject("select count(*) as row_count, coalesce(md5(string_agg(digest, '' order by"
                            + " digest)), md5('')) as checksum from (select md5(t::text) as digest from " + table
                            + " t) rows",
                    (row, number) -> new TableChecksum(table, row.getLong("row_count"), row.getString("checksum"))));
        }
        String combined = jdbc.queryForObject("select md5(?)", String.class,
                String.join(",", each.stream().map(TableChecksum::checksum).toList()));
        return Optional.of(new ReadModelChecksum(processor, combined, each));
    }

    /** The tables each rebuildable projection writes, and nothing else writes, by processing group. */
    private Map<String, List<String>> tables() {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        modules.orderedStream().forEach(module -> tables.putAll(module.byProcessingGroup()));
        return tables;
    }

    public record ReadModelChecksum(String name, String checksum, List<TableChecksum> tables) {
    }

    public record TableChecksum(String table, long rows, String checksum) {
    }
}
