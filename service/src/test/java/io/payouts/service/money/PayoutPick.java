package io.payouts.service.money;

import io.payouts.shared.payout.PayoutStatus;
import io.payouts.testsupport.money.MoneyModel;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.util.List;

/** A payout by its place in one of three lists, resolved against the model when the step runs. */
record PayoutPick(String among, int place) {

    private static final String UNKNOWN_PAYOUT = "pay_" + "f".repeat(32);

    /**
     * A payout chosen when the step runs, by its place among those still moving (or failed), among all, or one
     * that does not exist: the service makes the ids, so a replayed or shrunk sequence meets other ones.
     */
    static Arbitrary<PayoutPick> arbitrary() {
        return Combinators.combine(Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.just("live")),
                        Tuple.of(2, Arbitraries.just("any")), Tuple.of(1, Arbitraries.just("unknown"))),
                Arbitraries.integers().between(0, 99)).as(PayoutPick::new);
    }

    String resolve(MoneyModel model) {
        List<String> candidates = model.payouts().stream().filter(payout -> among.equals("any")
                || !payout.status().terminal() || payout.status() == PayoutStatus.FAILED)
                .map(payout -> payout.id).toList();
        return among.equals("unknown") || candidates.isEmpty() ? UNKNOWN_PAYOUT
                : candidates.get(place % candidates.size());
    }

    @Override
    public String toString() {
        return among.equals("unknown") ? "an unknown payout" : "payout #" + place + " of the " + among + " ones";
    }
}
