package io.payouts.shared;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class PagingTest {

    @ParameterizedTest
    @CsvSource({
            "1, 1, 0",
            "1, 20, 0",
            "2, 20, 20",
            "3, 25, 50",
            "10, 100, 900"
    })
    void offsetSkipsThePagesBeforeTheRequestedOne(int page, int pageSize, long expectedOffset) {
        assertThat(new PageRequest(page, pageSize).offset()).isEqualTo(expectedOffset);
    }

    @Test
    void offsetDoesNotOverflowForLargePages() {
        PageRequest far = new PageRequest(Integer.MAX_VALUE, Integer.MAX_VALUE);

        assertThat(far.offset()).isEqualTo((long) (Integer.MAX_VALUE - 1) * Integer.MAX_VALUE).isPositive();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void rejectsAPageBelowOneAsThePageField(int page) {
        InvalidFieldException thrown = catchThrowableOfType(InvalidFieldException.class, () -> new PageRequest(page, 20));

        assertThat(thrown).isNotNull();
        assertThat(thrown.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
        assertThat(thrown.details()).containsOnlyKeys("page");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void rejectsAPageSizeBelowOneAsThePageSizeField(int pageSize) {
        InvalidFieldException thrown = catchThrowableOfType(InvalidFieldException.class, () -> new PageRequest(1, pageSize));

        assertThat(thrown).isNotNull();
        assertThat(thrown.details()).containsOnlyKeys("pageSize");
    }

    @ParameterizedTest
    @CsvSource({
            // page, pageSize, total, hasNext
            "1, 20, 0, false",
            "1, 20, 19, false",
            "1, 20, 20, false",
            "1, 20, 21, true",
            "2, 20, 40, false",
            "2, 20, 41, true",
            "3, 20, 41, false",
            "5, 20, 41, false",
            "1, 1, 2, true",
            "2, 1, 2, false"
    })
    void hasANextPageOnlyWhenItemsRemainBeyondThisPage(int page, int pageSize, long total, boolean hasNext) {
        ResultPage<String> result = new ResultPage<>(List.of(), total, page, pageSize);

        assertThat(result.hasNextPage()).isEqualTo(hasNext);
    }

    @Test
    void hasNextPageDoesNotOverflowForLargePages() {
        long beyondIntRange = (long) Integer.MAX_VALUE * 2;

        assertThat(new ResultPage<>(List.of(), beyondIntRange + 1, 2, Integer.MAX_VALUE).hasNextPage()).isTrue();
        assertThat(new ResultPage<>(List.of(), beyondIntRange, 2, Integer.MAX_VALUE).hasNextPage()).isFalse();
    }

    @Test
    void anEmptyPageHasNoItemsNoTotalAndNoNextPage() {
        ResultPage<String> empty = ResultPage.empty(3, 50);

        assertThat(empty.items()).isEmpty();
        assertThat(empty.total()).isZero();
        assertThat(empty.page()).isEqualTo(3);
        assertThat(empty.pageSize()).isEqualTo(50);
        assertThat(empty.hasNextPage()).isFalse();
    }

    @Test
    void keepsAnUnmodifiableCopyOfTheItems() {
        List<String> items = new ArrayList<>(List.of("a", "b"));
        ResultPage<String> page = new ResultPage<>(items, 2, 1, 20);

        items.add("c");

        assertThat(page.items()).containsExactly("a", "b");
        assertThatThrownBy(() -> page.items().add("d")).isInstanceOf(UnsupportedOperationException.class);
    }

    @ParameterizedTest
    @CsvSource({"0, 20", "1, 0", "-1, 20", "1, -5"})
    void rejectsAResultPageNumberedBelowOne(int page, int pageSize) {
        assertThatThrownBy(() -> new ResultPage<>(List.of(), 0, page, pageSize))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
