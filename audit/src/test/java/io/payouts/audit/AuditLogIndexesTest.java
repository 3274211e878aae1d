package io.payouts.audit;

import io.payouts.shared.Mode;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.QueryPlans;
import io.payouts.testsupport.QueryPlans.Plan;
import io.payouts.testsupport.ReadModelDatabase;
import org.assertj.core.api.SoftAssertions;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import javax.sql.DataSource;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every index of the audit log serves a read of the events API, the export, a history or the writer, or is kept for
 * a named reason, and no read but the whole export scans the log whole: the reads run through the real classes over
 * a log of 400,000 events in both modes (a payout's four events each, one payout in fifty in the sandbox and one
 * failed), and each statement is explained with its parameters ({@link QueryPlans}).
 */
@DatabaseTest
class AuditLogIndexesTest {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated("audit");
    private static final int EVENTS = 400_000;
    private static final Instant START = Instant.parse("2026-10-01T00:00:00Z");
    private static final Set<String> TYPES = Set.of("payout.created", "payout.queued", "payout.processing",
            "payout.succeeded", "payout.failed");

    /** Indexes no read uses, and what they are kept for. */
    private static final Map<String, String> KEPT_WITHOUT_A_READ = Map.of();

    /** Reads that scan the log whole: an export of everything reads every event, as it must. */
    private static final Set<String> KNOWN_WHOLE_READS = Set.of("export of everything");

    private static final Map<String, Object> ANSWERS = new LinkedHashMap<>();
    private static final Map<String, List<Plan>> PLANS = new LinkedHashMap<>();

    @BeforeAll
    static void runAndExplainEveryRead() throws Exception {
        fill(DATABASE.jdbc());
        DataSource database = DATABASE.jdbc().getDataSource();
        QueryPlans.Recorder recorder = QueryPlans.recording(database);
        try (Connection connection = recorder.dataSource().getConnection()) {
            JdbcTemplate jdbc = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
            for (Map.Entry<String, Callable<?>> read : reads(jdbc, recorder.dataSource()).entrySet()) {
                ANSWERS.put(read.getKey(), read.getValue().call());
                List<Plan> plans = recorder.take().stream().map(statement -> QueryPlans.plan(database, statement))
                        .toList();
                PLANS.put(read.getKey(), plans);
                System.out.printf("%-44s indexes %s, whole %s%n", read.getKey(), plans.stream()
                        .flatMap(plan -> plan.indexes().stream()).collect(Collectors.toCollection(TreeSet::new)),
                        readWhole(plans));
            }
        }
    }

    private static Map<String, Callable<?>> reads(JdbcTemplate jdbc, DataSource cursors) {
        AuditEvents log = new AuditEvents(jdbc, new CursorReads(cursors), new StoredEventTable(false));
        AuditLogWriter writer = new AuditLogWriter(jdbc, new StoredEventTable(false),
                JacksonSerializer.defaultSerializer());
        // a production payout (one in fifty is the sandbox's) and its driver
        String payout = payout(EVENTS / 8 + 1);
        String driver = driver(EVENTS / 8 + 1);
        Instant hour = START.plus(Duration.ofSeconds(EVENTS));
        Map<String, Callable<?>> reads = new LinkedHashMap<>();
        reads.put("GET /events", () -> log.newestFirst(filter(null, null, null, TYPES), null, 21));
        reads.put("GET /events in the smaller mode", () -> log.newestFirst(new EventFilter(Mode.SANDBOX, TYPES, null,
                null, null), null, 21));
        reads.put("GET /events 100th page", () -> log.newestFirst(filter(null, null, null, TYPES), EVENTS - 2_000L,
                21));
        reads.put("GET /events?type=payout.failed", () -> log.newestFirst(filter(null, null, null,
                Set.of("payout.failed")), null, 21));
        reads.put("GET /events?resource= a payout", () -> log.newestFirst(filter(payout, null, null, TYPES), null,
                21));
        reads.put("GET /events?resource= a driver", () -> log.newestFirst(filter(driver, null, null, TYPES), null,
                21));
        reads.put("GET /events?from=&to= an hour", () -> log.newestFirst(filter(null, hour,
                hour.plus(Duration.ofHours(1)), TYPES), null, 21));
        reads.put("GET /events/:id", () -> log.byEventId("evt-" + EVENTS / 2));
        reads.put("a transaction's history", () -> List.of(log.ofResource(payout, 0, 20),
                log.countOfResource(payout)));
        reads.put("export of an hour", () -> exported(log, filter(null, hour, hour.plus(Duration.ofHours(1)), TYPES)));
        reads.put("export of everything", () -> exported(log, filter(null, null, null, TYPES)));
        reads.put("the writer's mode of an aggregate", () -> writer.modeOfAggregate(payout));
        reads.put("the writer's events already chained", () -> writer.alreadyChained(List.of(new StoredEvent(
                EVENTS / 2, payout, 0, "Payout", "evt-" + EVENTS / 2, "payload", null, new byte[0], null, "now"))));
        reads.put("the writer's last link", () -> writer.lastLink(AuditLogWriter.PRODUCTION_CHAIN));
        return reads;
    }

    @Test
    void everyReadAnswersFromTheFilledLog() {
        SoftAssertions.assertSoftly(softly -> ANSWERS.forEach((read, answer) -> {
            softly.assertThat(found(answer)).as("%s found something: %s", read, answer).isTrue();
            softly.assertThat(PLANS.get(read)).as("%s ran SQL", read).isNotEmpty();
        }));
    }

    @Test
    void noReadScansTheLogWholeButTheExportOfEverything() {
        SoftAssertions.assertSoftly(softly -> PLANS.forEach((read, plans) -> {
            if (!KNOWN_WHOLE_READS.contains(read)) {
                softly.assertThat(readWhole(plans)).as("%s reads whole:%n%s", read, plans.stream()
                        .map(plan -> plan.sql() + System.lineSeparator() + plan.json()).toList()).isEmpty();
            }
        }));
    }

    @Test
    void everyIndexServesAReadOrIsKeptForAReason() {
        Set<String> used = PLANS.values().stream().flatMap(List::stream).flatMap(plan -> plan.indexes().stream())
                .collect(Collectors.toSet());
        List<QueryPlans.Index> indexes = QueryPlans.indexesOn(DATABASE.jdbc(), "audit_event");

        assertThat(indexes).as("indexes no read uses and nothing keeps")
                .filteredOn(index -> !used.contains(index.name()) && !KEPT_WITHOUT_A_READ.containsKey(index.name()))
                .isEmpty();
        assertThat(KEPT_WITHOUT_A_READ.keySet()).as("indexes kept for a reason that are gone")
                .allMatch(name -> indexes.stream().anyMatch(index -> index.name().equals(name)));
    }

    private static Set<String> readWhole(List<Plan> plans) {
        return plans.stream().flatMap(plan -> plan.seqScanned().stream())
                .filter(table -> table.equals("audit_event") || table.equals("domain_event_entry"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static EventFilter filter(String resourceId, Instant from, Instant to, Set<String> types) {
        return new EventFilter(Mode.PRODUCTION, types, resourceId, from, to);
    }

    private static List<LoggedEvent> exported(AuditEvents log, EventFilter filter) {
        List<LoggedEvent> events = new ArrayList<>();
        log.oldestFirst(filter, event -> {
            if (events.size() < 10) {
                events.add(event);
            }
        });
        return events;
    }

    private static boolean found(Object answer) {
        if (answer instanceof Collection<?> items) {
            return !items.isEmpty() && items.stream().allMatch(AuditLogIndexesTest::found);
        }
        if (answer instanceof Optional<?> optional) {
            return optional.isPresent();
        }
        if (answer instanceof Number number) {
            return number.longValue() > 0;
        }
        return answer != null;
    }

    private static String payout(int n) {
        return "pay_" + "%032d".formatted(n);
    }

    private static String driver(int n) {
        return "drv_" + "%032d".formatted(n % 20_000);
    }

    /**
     * A payout's four events every eight seconds, one in fifty payouts in the sandbox; each indexed with its payout and
     * its driver, chained per mode.
     */
    private static void fill(JdbcTemplate jdbc) {
        jdbc.execute("""
                insert into domain_event_entry (global_index, aggregate_identifier, sequence_number, type,
                                                event_identifier, payload_type, payload_revision, payload, meta_data,
                                                time_stamp)
                select g, 'pay_' || lpad((g / 4)::text, 32, '0'), g %% 4, 'Payout', 'evt-' || g,
                       'io.payouts.shared.payout.PayoutRequestedEvent', null, convert_to('{}', 'UTF8'),
                       convert_to('{}', 'UTF8'), to_char(timestamptz '%1$s' + g * interval '2 seconds',
                                                         'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
                from generate_series(1, %2$d) g;
                insert into audit_event (global_index, position, chain, link_no, event_id, mode, type, resource_kind,
                                         aggregate_identifier, resource_ids, occurred_at, previous_hash, hash)
                select g, g, case when mode = 'SANDBOX' then '%3$s' else '%4$s' end,
                       row_number() over (partition by mode order by g), 'evt-' || g, mode,
                       case g %% 4 when 0 then 'payout.created' when 1 then 'payout.queued'
                                   when 2 then 'payout.processing'
                                   else case when (g / 4) %% 50 = 1 then 'payout.failed' else 'payout.succeeded' end
                       end,
                       'PAYOUT', payout, array[payout, 'drv_' || lpad(((g / 4) %% 20000)::text, 32, '0')],
                       timestamptz '%1$s' + g * interval '2 seconds', sha256(int8send(g - 1)), sha256(int8send(g))
                from (select g, 'pay_' || lpad((g / 4)::text, 32, '0') as payout,
                             case when (g / 4) %% 50 = 0 then 'SANDBOX' else 'PRODUCTION' end as mode
                      from generate_series(1, %2$d) g) events;
                analyze domain_event_entry;
                analyze audit_event""".formatted(START, EVENTS, AuditLogWriter.SANDBOX_CHAIN,
                AuditLogWriter.PRODUCTION_CHAIN));
    }
}
