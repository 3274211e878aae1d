package io.payouts.query.wallet;

import io.payouts.query.QuerySideDatabase;
import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.wallet.FindTopUpsQuery;
import io.payouts.shared.wallet.TopUp;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** A mode's top-ups newest first, all or only those pending or settled, paged and counted. */
@DatabaseTest
class TopUpListTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final TopUpRows rows = new TopUpRows(DATABASE.jdbc());
    private final TopUpQueryHandler handler = new TopUpQueryHandler(rows,
            ConsistencyFixtures.noProcessors(DATABASE.jdbc()));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
        rows.upsert(List.of(
                topUp(1, Mode.PRODUCTION, 0).settled("usr_1", AT.plusSeconds(600)),
                topUp(2, Mode.PRODUCTION, 60),
                topUp(3, Mode.SANDBOX, 120).settled("sandbox", AT.plusSeconds(120)),
                topUp(4, Mode.PRODUCTION, 180)));
    }

    @Test
    void listsTheModesTopUpsNewestFirstWithTheirState() {
        ResultPage<TopUp> page = list(Mode.PRODUCTION, null, new PageRequest(1, 20));

        assertThat(page.items()).extracting(topUp -> topUp.transactionId().value(), TopUp::status, TopUp::settledAt)
                .containsExactly(tuple(id(4), TopUp.PENDING, null), tuple(id(2), TopUp.PENDING, null),
                        tuple(id(1), TopUp.SETTLED, AT.plusSeconds(600)));
        assertThat(page.total()).isEqualTo(3);
    }

    @Test
    void aStatusKeepsOnlyItsTopUpsAndAPageItsSlice() {
        assertThat(list(Mode.PRODUCTION, TopUp.PENDING, new PageRequest(2, 1)))
                .extracting(page -> page.items().get(0).transactionId().value(), ResultPage::total)
                .containsExactly(id(2), 2L);
        assertThat(list(Mode.SANDBOX, TopUp.PENDING, new PageRequest(1, 20)).items()).isEmpty();
        assertThat(list(Mode.SANDBOX, TopUp.SETTLED, new PageRequest(1, 20)).items())
                .extracting(topUp -> topUp.transactionId().value()).containsExactly(id(3));
    }

    private ResultPage<TopUp> list(Mode mode, String status, PageRequest request) {
        return handler.handle(new FindTopUpsQuery(mode, status, request)).page();
    }

    private static TopUpRow topUp(int n, Mode mode, long secondsLater) {
        return new TopUpRow(id(n), mode, 1_000L * n, TopUp.PENDING, "top-up " + n, "bank_transfer",
                AT.plusSeconds(secondsLater), null, null);
    }

    private static String id(int n) {
        return String.format("txn_%032x", n);
    }
}
