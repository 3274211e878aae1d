package io.payouts.query.consistency;

import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Rows copied in come out as the same rows bound one by one would. */
@DatabaseTest
class NewRowsTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final NewRows.Fields<Scratch> FIELDS = (row, line) -> line.text(row.id()).text(row.note())
            .number(row.amount()).instant(row.at());

    private final JdbcTemplate jdbc = DATABASE.jdbc();

    record Scratch(String id, String note, Long amount, Instant at) {
    }

    @BeforeEach
    void aScratchTable() {
        jdbc.execute("drop table if exists scratch_copy");
        jdbc.execute("create table scratch_copy (id text primary key, note text, amount bigint, at timestamptz)");
    }

    @Test
    void textThatTheCopyFormatGivesAMeaningArrivesAsItWasSent() {
        List<String> notes = List.of("tab\there", "two\nlines", "carriage\rreturn", "back\\slash", "\\N",
                "ends with a backslash\\", "", "Zoë, 支払い, 💸", "a\\tb",
                "controls \u0001\u000b\u000c\u007f kept");

        NewRows.copy(jdbc, "scratch_copy", "id, note, amount, at", notes.stream()
                .map(note -> new Scratch("row-" + notes.indexOf(note), note, 1L, null)).toList(), FIELDS);

        assertThat(jdbc.queryForList("select note from scratch_copy order by length(id), id", String.class))
                .containsExactlyElementsOf(notes);
    }

    @Test
    void nullsStayNullAndNumbersKeepTheirSign() {
        NewRows.copy(jdbc, "scratch_copy", "id, note, amount, at",
                List.of(new Scratch("a", null, null, null), new Scratch("b", "x", -9_223_372_036_854_775_807L, null)),
                FIELDS);

        assertThat(jdbc.queryForList("select id, note, amount, at from scratch_copy order by id")).containsExactly(
                row("a", null, null, null), row("b", "x", -9_223_372_036_854_775_807L, null));
    }

    @Test
    void instantsLandOnTheMicrosecondTheJdbcDriverWouldHaveBound() {
        List<Instant> instants = List.of(Instant.parse("2025-01-15T09:00:00Z"),
                Instant.parse("2025-01-15T09:00:00.123456Z"), Instant.parse("2025-01-15T09:00:00.123456499Z"),
                Instant.parse("2025-01-15T09:00:00.123456500Z"), Instant.parse("2025-01-15T09:00:00.999999500Z"),
                Instant.parse("2025-12-31T23:59:59.999999999Z"), Instant.parse("1969-12-31T23:59:59.000000700Z"));
        for (int i = 0; i < instants.size(); i++) {
            jdbc.update("insert into scratch_copy (id, at) values (?, ?)", "bound-" + i,
                    Timestamp.from(instants.get(i)));
        }

        NewRows.copy(jdbc, "scratch_copy", "id, at", instants.stream().map(at -> new Scratch(
                "copied-" + instants.indexOf(at), null, null, at)).toList(), (row, line) -> line.text(row.id())
                .instant(row.at()));

        for (int i = 0; i < instants.size(); i++) {
            assertThat(jdbc.queryForObject("select at from scratch_copy where id = ?", Timestamp.class, "copied-" + i))
                    .as(instants.get(i).toString())
                    .isEqualTo(jdbc.queryForObject("select at from scratch_copy where id = ?", Timestamp.class,
                            "bound-" + i));
        }
    }

    @Test
    void manyRowsGoInChunksAndAllArrive() {
        List<Scratch> rows = IntStream.range(0, 5_000)
                .mapToObj(n -> new Scratch("row-" + n, "a note long enough to need several chunks " + n, (long) n,
                        Instant.parse("2025-01-15T09:00:00Z").plusSeconds(n))).toList();

        NewRows.copy(jdbc, "scratch_copy", "id, note, amount, at", rows, FIELDS);

        String countAndSum = jdbc.queryForObject("select count(*) || '/' || sum(amount) from scratch_copy",
                String.class);
        assertThat(countAndSum).isEqualTo("5000/12497500");
    }

    @Test
    void aRowThatExistsFailsTheCopyAndNoneOfItsRowsStay() {
        jdbc.update("insert into scratch_copy (id, note) values ('b', 'first')");

        assertThatThrownBy(() -> NewRows.copy(jdbc, "scratch_copy", "id, note, amount, at",
                List.of(new Scratch("a", "new", 1L, null), new Scratch("b", "again", 1L, null)), FIELDS))
                .isInstanceOf(DuplicateKeyException.class);

        assertThat(jdbc.queryForList("select id || ':' || note from scratch_copy", String.class))
                .containsExactly("b:first");
    }

    @Test
    void noRowsIsNoStatement() {
        NewRows.copy(jdbc, "no_such_table", "id", List.<Scratch>of(), FIELDS);
    }

    private static Map<String, Object> row(String id, String note, Long amount, Object at) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("note", note);
        row.put("amount", amount);
        row.put("at", at);
        return row;
    }
}
