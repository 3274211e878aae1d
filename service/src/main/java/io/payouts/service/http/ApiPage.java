package io.payouts.service.http;

import io.payouts.shared.ResultPage;

import java.util.List;
import java.util.function.Function;

/** A list payload without hasNextPage, as the spec has it for lists other than drivers, payouts and batches. */
public record ApiPage<T>(List<T> items, long total, int page, int pageSize) {

    public static <S, T> ApiPage<T> of(ResultPage<S> page, Function<S, T> toItem) {
        return new ApiPage<>(page.items().stream().map(toItem).toList(), page.total(), page.page(), page.pageSize());
    }
}
