package io.payouts.service.http;

import io.payouts.shared.ResultPage;

import java.util.List;
import java.util.function.Function;

/** A list payload: items, total, page, pageSize and hasNextPage. */
public record ApiList<T>(List<T> items, long total, int page, int pageSize, boolean hasNextPage) {

    public static <S, T> ApiList<T> of(ResultPage<S> page, Function<S, T> toItem) {
        return new ApiList<>(page.items().stream().map(toItem).toList(), page.total(), page.page(),
                page.pageSize(), page.hasNextPage());
    }
}
