package io.payouts.query.consistency;

import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A read model's indexes that are not unique leave for a replay and come back as they were. */
@DatabaseTest
class SetAsideIndexesTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final String GROUP = "scratch-projection";

    private final JdbcTemplate jdbc = DATABASE.jdbc();
    private final SetAsideIndexes indexes = new SetAsideIndexes(jdbc,
            new DataSourceTransactionManager(jdbc.getDataSource()));

    @BeforeEach
    void aTableWithEveryKindOfIndex() {
        DATABASE.empty();
        jdbc.execute("drop table if exists scratch_rows");
        jdbc.execute("create table scratch_rows (id text primary key, code text unique, mode text, at timestamptz)");
        jdbc.execute("create index scratch_rows_by_mode on scratch_rows (mode, at desc, id desc)");
        jdbc.execute("create index scratch_rows_recent on scratch_rows (at) where mode = 'SANDBOX'");
        jdbc.execute("create unique index scratch_rows_one_per_at on scratch_rows (mode, at)");
    }

    @Test
    void setsAsideOnlyTheIndexesThatAreNotUnique() {
        List<String> before = definitions();

        indexes.setAside(GROUP, "scratch_rows");

        assertThat(names()).as("the key and the unique indexes find the upserts' rows")
                .containsExactly("scratch_rows_code_key", "scratch_rows_one_per_at", "scratch_rows_pkey");
        assertThat(jdbc.queryForList("select index_name from set_aside_index where processing_group = ?"
                + " and table_name = 'scratch_rows' order by 1", String.class, GROUP))
                .containsExactly("public.scratch_rows_by_mode", "public.scratch_rows_recent");
        assertThat(indexes.awaitingReplays()).containsExactly(GROUP);

        assertThat(indexes.restore(GROUP)).isEqualTo(2);

        assertThat(definitions()).isEqualTo(before);
        assertThat(indexes.awaitingReplays()).isEmpty();
    }

    @Test
    void aSecondResetDuringTheReplayKeepsTheFirstDefinitions() {
        List<String> before = definitions();
        indexes.setAside(GROUP, "scratch_rows");

        indexes.setAside(GROUP, "scratch_rows");

        assertThat(jdbc.queryForObject("select count(*) from set_aside_index", Long.class)).isEqualTo(2);
        indexes.restore(GROUP);
        assertThat(definitions()).isEqualTo(before);
    }

    @Test
    void restoresNothingTwiceAndKeepsAnIndexOfTheSameNameMadeMeanwhile() {
        indexes.setAside(GROUP, "scratch_rows");
        jdbc.execute("create index scratch_rows_by_mode on scratch_rows (mode)");

        assertThat(indexes.restore(GROUP)).as("only the one not made again").isEqualTo(1);
        assertThat(indexes.restore(GROUP)).isZero();

        assertThat(jdbc.queryForObject("select indexdef from pg_indexes where indexname = 'scratch_rows_by_mode'",
                String.class)).endsWith("(mode)");
        assertThat(names()).contains("scratch_rows_recent");
    }

    @Test
    void leavesTheOtherGroupsIndexesAside() {
        jdbc.execute("create table other_rows (id text primary key, mode text)");
        try {
            jdbc.execute("create index other_rows_by_mode on other_rows (mode)");
            indexes.setAside(GROUP, "scratch_rows");
            indexes.setAside("other-projection", "other_rows");

            indexes.restore(GROUP);

            assertThat(indexes.awaitingReplays()).containsExactly("other-projection");
            assertThat(jdbc.queryForList("select indexname from pg_indexes where tablename = 'other_rows'",
                    String.class)).containsExactly("other_rows_pkey");
        } finally {
            jdbc.execute("drop table other_rows");
        }
    }

    private List<String> names() {
        return jdbc.queryForList("select indexname from pg_indexes where tablename = 'scratch_rows' order by 1",
                String.class);
    }

    private List<String> definitions() {
        return jdbc.queryForList("select indexdef from pg_indexes where tablename = 'scratch_rows' order by 1",
                String.class);
    }
}
