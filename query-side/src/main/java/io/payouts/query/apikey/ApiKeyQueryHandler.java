package io.payouts.query.apikey;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.shared.ResultPage;
import io.payouts.shared.apikey.ApiKeyList;
import io.payouts.shared.apikey.ApiKeyNotFoundException;
import io.payouts.shared.apikey.ApiKeyPage;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.FindApiKeyQuery;
import io.payouts.shared.apikey.FindApiKeysCreatedByQuery;
import io.payouts.shared.apikey.FindApiKeysQuery;
import io.payouts.shared.apikey.FindPendingApiKeysQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.domain.Specification;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

@Component
class ApiKeyQueryHandler {

    private static final Sort NEWEST_FIRST = Sort.by(Sort.Order.desc("createdAt"), Sort.Order.desc("id"));

    private final ApiKeyViewRepository keys;
    private final ApiKeyUsage usage;
    private final ProjectionProgress progress;
    private final Duration readYourWritesTimeout;

    ApiKeyQueryHandler(ApiKeyViewRepository keys, ApiKeyUsage usage, ProjectionProgress progress,
                       @Value("${payouts.read-your-writes.timeout:10s}") Duration readYourWritesTimeout) {
        this.keys = keys;
        this.usage = usage;
        this.progress = progress;
        this.readYourWritesTimeout = readYourWritesTimeout;
    }

    @QueryHandler
    ApiKeySummary handle(FindApiKeyQuery query) {
        String id = query.keyId().value();
        progress.requireApplied(id, query.minVersion(), () -> keys.findVersionById(id).orElse(-1L),
                readYourWritesTimeout);
        return keys.findById(id).map(this::summaryOf).orElseThrow(() -> new ApiKeyNotFoundException(id));
    }

    @QueryHandler
    ApiKeyList handle(FindApiKeysCreatedByQuery query) {
        return new ApiKeyList(summariesOf(keys.findByCreatedByOrderByCreatedAtDescIdDesc(query.userId())));
    }

    @QueryHandler
    ApiKeyList handle(FindPendingApiKeysQuery query) {
        return new ApiKeyList(summariesOf(
                keys.findByApprovalStatusAndRevokedAtIsNullOrderByCreatedAtAscIdAsc(ApprovalStatus.PENDING)));
    }

    @QueryHandler
    ApiKeyPage handle(FindApiKeysQuery query) {
        Specification<ApiKeyView> filter = (root, criteria, builder) -> builder.conjunction();
        if (query.mode() != null) {
            filter = filter.and((root, criteria, builder) -> builder.equal(root.get("mode"), query.mode()));
        }
        if (query.status() != null) {
            filter = filter.and((root, criteria, builder) ->
                    builder.equal(root.get("approvalStatus"), query.status()));
        }
        Page<ApiKeyView> page = keys.findAll(filter, org.springframework.data.domain.PageRequest.of(
                query.pageRequest().page() - 1, query.pageRequest().pageSize(), NEWEST_FIRST));
        return new ApiKeyPage(new ResultPage<>(summariesOf(page.getContent()), page.getTotalElements(),
                query.pageRequest().page(), query.pageRequest().pageSize()));
    }

    private ApiKeySummary summaryOf(ApiKeyView key) {
        return key.toSummary(usage.lastUsed(List.of(key.id())).get(key.id()));
    }

    private List<ApiKeySummary> summariesOf(List<ApiKeyView> views) {
        Map<String, Instant> lastUsed = usage.lastUsed(views.stream().map(ApiKeyView::id).toList());
        return views.stream().map(view -> view.toSummary(lastUsed.get(view.id()))).toList();
    }
}
