package io.payouts.query.apikey;

import io.payouts.shared.ReadModelLaggingException;
import io.payouts.shared.ResultPage;
import io.payouts.shared.apikey.ApiKeyList;
import io.payouts.shared.apikey.ApiKeyNotFoundException;
import io.payouts.shared.apikey.ApiKeyPage;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.FindApiKeyQuery;
import io.payouts.shared.apikey.FindApiKeysCreatedByQuery;
import io.payouts.shared.apikey.FindApiKeysQuery;
import io.payouts.shared.apikey.FindPendingApiKeysQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The keys as the read model holds them. A key operation reads its key back once the row has applied the operation's
 * event (ADR-0018): authentication finds a key through the same row, so a key is usable the moment its value is
 * returned, on every instance.
 */
@Component
class ApiKeyQueryHandler {

    private static final Duration FIRST_LOOK_AGAIN = Duration.ofMillis(5);
    private static final Duration LONGEST_PAUSE = Duration.ofMillis(100);

    private final ApiKeyRows keys;
    private final ApiKeyUsage usage;
    private final Duration readYourWritesTimeout;

    ApiKeyQueryHandler(ApiKeyRows keys, ApiKeyUsage usage,
                       @Value("${payouts.read-your-writes.timeout:10s}") Duration readYourWritesTimeout) {
        this.keys = keys;
        this.usage = usage;
        this.readYourWritesTimeout = readYourWritesTimeout;
    }

    @QueryHandler
    ApiKeySummary handle(FindApiKeyQuery query) {
        String id = query.keyId().value();
        if (query.minVersion() >= 0) {
            awaitVersion(id, query.minVersion());
        }
        return keys.find(id).map(this::summaryOf).orElseThrow(() -> new ApiKeyNotFoundException(id));
    }

    @QueryHandler
    ApiKeyList handle(FindApiKeysCreatedByQuery query) {
        return new ApiKeyList(summariesOf(keys.createdBy(query.userId())));
    }

    @QueryHandler
    ApiKeyList handle(FindPendingApiKeysQuery query) {
        return new ApiKeyList(summariesOf(keys.pending()));
    }

    @QueryHandler
    ApiKeyPage handle(FindApiKeysQuery query) {
        ResultPage<ApiKeyRow> page = keys.page(query.mode(), query.status(), query.pageRequest());
        return new ApiKeyPage(new ResultPage<>(summariesOf(page.items()), page.total(), page.page(),
                page.pageSize()));
    }

    /**
     * Looks at the key's row until it has applied {@code minVersion}: at once, then after 5 ms and at doubling pauses
     * of at most 100 ms, since the projection may run on any instance.
     *
     * @throws ReadModelLaggingException when the timeout passes first; the operation's change is stored and stands
     */
    private void awaitVersion(String id, long minVersion) {
        long deadline = System.nanoTime() + readYourWritesTimeout.toNanos();
        long pause = FIRST_LOOK_AGAIN.toNanos();
        while (keys.versionOf(id).orElse(-1L) < minVersion) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new ReadModelLaggingException(id);
            }
            try {
                TimeUnit.NANOSECONDS.sleep(Math.min(pause, left));
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new ReadModelLaggingException(id);
            }
            pause = Math.min(pause * 2, LONGEST_PAUSE.toNanos());
        }
    }

    private ApiKeySummary summaryOf(ApiKeyRow key) {
        return key.toSummary(usage.lastUsed(List.of(key.id())).get(key.id()));
    }

    private List<ApiKeySummary> summariesOf(List<ApiKeyRow> rows) {
        Map<String, Instant> lastUsed = usage.lastUsed(rows.stream().map(ApiKeyRow::id).toList());
        return rows.stream().map(row -> row.toSummary(lastUsed.get(row.id()))).toList();
    }
}
