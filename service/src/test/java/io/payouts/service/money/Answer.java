package io.payouts.service.money;

import io.payouts.service.support.Api;
import io.payouts.shared.ErrorCode;

import java.util.Arrays;
import java.util.List;

/** What the service answered a request: the response, its verdicts by item, and the ids it made. */
record Answer(Api.Response response, List<ErrorCode> verdicts, List<String> ids) {

    static Answer single(Api.Response response) {
        return new Answer(response, Arrays.asList(code(response)), List.of(response.data().path("id").asText("")));
    }

    static ErrorCode code(Api.Response response) {
        return response.status() == 200 ? null : ErrorCode.valueOf(response.error().path("code").asText());
    }
}
