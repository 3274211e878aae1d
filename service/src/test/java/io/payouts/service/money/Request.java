package io.payouts.service.money;

import io.payouts.service.support.Api;
import io.payouts.shared.ErrorCode;
import io.payouts.testsupport.money.MoneyModel;
import io.payouts.testsupport.money.MoneyModel.Verdict;

import java.util.List;
import java.util.Set;

/** What a request does to the model and what it answered. */
interface Request {

    /** Sends it; the answer may carry ids the service made (a batch's payouts). */
    Answer send(Api client);

    /** Applies it to {@code model} as the service answered; the verdicts the model expects. */
    List<Verdict> expect(MoneyModel model, Answer answer, long at);

    /** The payouts whose progress on the rail, unknown to the model, may decide the answer. */
    Set<String> touches(MoneyModel model);

    /** Picks the payouts, drivers and batches it names, as the sandbox is when it runs. */
    default void resolve(ModelledSandbox sandbox) {
    }

    /** The model explained the answer. */
    default void explained(ModelledSandbox sandbox, Answer answer) {
    }

    /** The refusals a list of verdicts expects, in order (null where the request passes). */
    static List<ErrorCode> refusals(List<Verdict> verdicts) {
        return verdicts.stream().map(Verdict::refusal).toList();
    }
}
