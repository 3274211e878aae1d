package io.payouts.query.consistency;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A read model's indexes that are not unique, set aside while its processor replays every event (ADR-0050): each is
 * built once when the replay is over instead of being kept row by row through millions of events. Unique indexes
 * stay, since the upserts find their rows through them. The definitions are kept in {@code set_aside_index} in the
 * reset's own transaction, so a crash during the replay loses none.
 */
@Component
public class SetAsideIndexes {

    private static final Logger log = LoggerFactory.getLogger(SetAsideIndexes.class);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;

    public SetAsideIndexes(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.transactions = new TransactionTemplate(transactions);
    }

    /** Drops the table's indexes that are not unique and keeps their definitions; part of a processor's reset. */
    public void setAside(String processingGroup, String table) {
        List<Map<String, Object>> indexes = jdbc.queryForList("""
                select quote_ident(n.nspname) || '.' || quote_ident(i.relname) as name,
                       pg_get_indexdef(i.oid) as definition
                from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
                where x.indrelid = to_regclass(?) and not x.indisunique""", table);
        for (Map<String, Object> index : indexes) {
            jdbc.update("""
                    insert into set_aside_index (index_name, table_name, processing_group, definition)
                    values (?, ?, ?, ?) on conflict (index_name) do nothing""",
                    index.get("name"), table, processingGroup, index.get("definition"));
            jdbc.execute("drop index " + index.get("name"));
        }
        if (!indexes.isEmpty()) {
            log.info("{}: {} indexes of {} set aside until the replay is over", processingGroup, indexes.size(), table);
        }
    }

    /** The processing groups whose indexes wait for the end of a replay. */
    public Set<String> awaitingReplays() {
        return new TreeSet<>(jdbc.queryForList("select distinct processing_group from set_aside_index", String.class));
    }

    /**
     * Creates the group's set-aside indexes again, in one transaction that holds their rows: an instance that tries
     * at the same time waits, then finds none. An index of the same name made meanwhile is kept as it is.
     *
     * @return how many indexes were created
     */
    public int restore(String processingGroup) {
        long start = System.nanoTime();
        Integer created = transactions.execute(status -> {
            List<Map<String, Object>> indexes = jdbc.queryForList("""
                    select index_name, definition from set_aside_index where processing_group = ?
                    order by index_name for update""", processingGroup);
            int made = 0;
            for (Map<String, Object> index : indexes) {
                if (Boolean.TRUE.equals(jdbc.queryForObject("select to_regclass(?) is null", Boolean.class,
                        index.get("index_name")))) {
                    jdbc.execute((String) index.get("definition"));
                    made++;
                }
            }
            jdbc.update("delete from set_aside_index where processing_group = ?", processingGroup);
            return made;
        });
        if (created != null && created > 0) {
            log.info("{}: {} indexes created again after the replay in {} ms", processingGroup, created,
                    (System.nanoTime() - start) / 1_000_000);
        }
        return created == null ? 0 : created;
    }
}
