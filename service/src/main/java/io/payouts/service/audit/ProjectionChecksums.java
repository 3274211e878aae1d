package io.payouts.service.audit;

import io.payouts.shared.eventhandling.ProcessingGroups;
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
 * the same checksum; one that does not, another.
 */
@Component
class ProjectionChecksums {

    /** The tables each rebuildable projection writes, and nothing else writes. */
    static final Map<String, List<String>> TABLES = tables();

    private final JdbcTemplate jdbc;

    ProjectionChecksums(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Optional<ReadModelChecksum> of(String processor) {
        List<String> tables = TABLES.get(processor);
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

    private static Map<String, List<String>> tables() {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        tables.put(ProcessingGroups.DRIVER_PROJECTION, List.of("driver_view"));
        tables.put(ProcessingGroups.PAYOUT_PROJECTION, List.of("payout_view", "driver_totals"));
        tables.put(ProcessingGroups.BATCH_PROJECTION, List.of("batch_view"));
        tables.put(ProcessingGroups.WALLET_PROJECTION,
                List.of("wallet_balance_view", "top_up_view", "funding_transaction_view"));
        tables.put(ProcessingGroups.API_KEY_PROJECTION, List.of("api_key_view"));
        return Map.copyOf(tables);
    }

    record ReadModelChecksum(String name, String checksum, List<TableChecksum> tables) {
    }

    record TableChecksum(String table, long rows, String checksum) {
    }
}
