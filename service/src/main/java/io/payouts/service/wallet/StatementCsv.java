package io.payouts.service.wallet;

import java.util.List;
import java.util.function.Function;

/**
 * A funding statement's lines as CSV (RFC 4180, CRLF): a header row, then a row per day in date order, amounts in
 * cents. The columns are the JSON line's fields in the same order, and only ever gain new ones at the end.
 */
public final class StatementCsv {

    public static final String MEDIA_TYPE = "text/csv";

    private static final List<Column> COLUMNS = List.of(
            new Column("date", line -> line.date().toString()),
            new Column("openingBalance", line -> Long.toString(line.openingBalance())),
            new Column("topUps", line -> Long.toString(line.topUps())),
            new Column("topUpCount", line -> Long.toString(line.topUpCount())),
            new Column("payoutsPaid", line -> Long.toString(line.payoutsPaid())),
            new Column("payoutCount", line -> Long.toString(line.payoutCount())),
            new Column("fees", line -> Long.toString(line.fees())),
            new Column("returned", line -> Long.toString(line.returned())),
            new Column("returnedCount", line -> Long.toString(line.returnedCount())),
            new Column("closingBalance", line -> Long.toString(line.closingBalance())),
            new Column("transactionCount", line -> Long.toString(line.transactionCount())),
            new Column("firstTransactionId", line -> orEmpty(line.firstTransactionId())),
            new Column("lastTransactionId", line -> orEmpty(line.lastTransactionId())));

    public static final String HEADER = String.join(",", COLUMNS.stream().map(Column::name).toList());

    private StatementCsv() {
    }

    /** Every value is a date, a number or a {@code txn_} id: nothing to quote. */
    static String of(StatementResponse statement) {
        StringBuilder csv = new StringBuilder(HEADER).append("\r\n");
        for (StatementResponse.StatementLine line : statement.lines()) {
            csv.append(String.join(",", COLUMNS.stream().map(column -> column.value().apply(line)).toList()))
                    .append("\r\n");
        }
        return csv.toString();
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    private record Column(String name, Function<StatementResponse.StatementLine, String> value) {
    }
}
