package io.payouts.service.http.idempotency;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class ResponseRetentionTest {

    @ParameterizedTest
    @ValueSource(ints = {200, 201, 204, 409, 422, 500, 503})
    void keepsResponsesOfRequestsThatRanOrMayHaveRun(int status) {
        assertThat(ResponseRetention.keeps(status)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 401, 403, 404, 405, 406, 413, 415, 429})
    void forgetsResponsesOfRequestsRefusedBeforeTheyRan(int status) {
        assertThat(ResponseRetention.keeps(status)).isFalse();
    }
}
