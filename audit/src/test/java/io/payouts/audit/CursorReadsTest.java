package io.payouts.audit;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The whole-log reads stream from a cursor: inside a transaction, where the driver honours the fetch size. */
@DatabaseTest
class CursorReadsTest {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated("audit");
    private static final DataSource DATA_SOURCE = DATABASE.jdbc().getDataSource();

    @Test
    void handsEveryRowInOrderFromACursor() {
        List<Long> seen = new ArrayList<>();
        List<Boolean> autoCommitWhileReading = new ArrayList<>();
        List<Integer> fetchSizes = new ArrayList<>();

        new CursorReads(DATA_SOURCE).forEachRow("select n from generate_series(1, ?) n order by n desc",
                List.of(1_200), row -> {
                    seen.add(row.getLong(1));
                    autoCommitWhileReading.add(row.getStatement().getConnection().getAutoCommit());
                    fetchSizes.add(row.getStatement().getFetchSize());
                });

        assertThat(seen).hasSize(1_200).startsWith(1_200L, 1_199L).endsWith(1L);
        assertThat(autoCommitWhileReading).as("a transaction, or the driver reads the whole result first")
                .containsOnly(false);
        assertThat(fetchSizes).containsOnly(CursorReads.FETCH_SIZE);
    }
}
