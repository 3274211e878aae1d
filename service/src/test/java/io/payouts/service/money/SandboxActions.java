package io.payouts.service.money;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.Transformer;

import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/** The steps a try takes: one request, two at once, or a reset. */
final class SandboxActions {

    private SandboxActions() {
    }

    /** One request at a time, when the sandbox has what it names. */
    static final class Single implements Action.Dependent<ModelledSandbox> {
        private final Function<ModelledSandbox, Arbitrary<Request>> requests;
        private final Predicate<ModelledSandbox> precondition;

        Single(Function<ModelledSandbox, Arbitrary<Request>> requests) {
            this(requests, sandbox -> true);
        }

        Single(Function<ModelledSandbox, Arbitrary<Request>> requests, Predicate<ModelledSandbox> precondition) {
            this.requests = requests;
            this.precondition = precondition;
        }

        @Override
        public boolean precondition(ModelledSandbox state) {
            return precondition.test(state);
        }

        @Override
        public Arbitrary<Transformer<ModelledSandbox>> transformer(ModelledSandbox state) {
            return requests.apply(state).map(request -> Transformer.mutate(request.toString(),
                    sandbox -> sandbox.run(request.toString(), List.of(request))));
        }
    }

    /** Two senders at once: payouts, cancels and retries racing each other and the rail. */
    static final class TwoSenders implements Action.Dependent<ModelledSandbox> {
        @Override
        public boolean precondition(ModelledSandbox state) {
            return state.hasPayouts();
        }

        @Override
        public Arbitrary<Transformer<ModelledSandbox>> transformer(ModelledSandbox state) {
            Arbitrary<Request> racing = Arbitraries.oneOf(state.pay(), state.cancel(), state.retry());
            return Combinators.combine(racing, racing).as((first, second) -> Transformer.mutate(
                    "at once: " + first + " and " + second,
                    sandbox -> sandbox.run("at once: " + first + " and " + second, List.of(first, second))));
        }
    }

    static final class Reset implements Action.Independent<ModelledSandbox> {
        @Override
        public Arbitrary<Transformer<ModelledSandbox>> transformer() {
            return Arbitraries.just(Transformer.mutate("reset the sandbox", sandbox -> {
                sandbox.history.add("reset the sandbox");
                sandbox.startAfresh();
            }));
        }
    }
}
