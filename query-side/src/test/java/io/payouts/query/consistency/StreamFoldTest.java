package io.payouts.query.consistency;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rules of a fold cover every member of their sealed family, and a row never goes back. */
class StreamFoldTest {

    sealed interface CounterEvent permits Opened, Added, Noted {
    }

    record Opened(int start) implements CounterEvent {
    }

    record Added(int amount) implements CounterEvent {
    }

    record Noted(String note) implements CounterEvent {
    }

    record Counter(int total, long version) {
    }

    interface NotSealed {
    }

    private static final StreamFold<Counter> FOLD = StreamFold.of(CounterEvent.class, Counter::version)
            .starts(Opened.class, (opened, sequence) -> new Counter(opened.start(), sequence))
            .evolves(Added.class, (counter, added, sequence) -> new Counter(counter.total() + added.amount(),
                    sequence))
            .evolves(Noted.class, (counter, noted, sequence) -> new Counter(counter.total(), sequence))
            .build();

    @Test
    void rulesThatMissAMemberOfTheFamilyAreRefused() {
        StreamFold.Rules<CounterEvent, Counter> rules = StreamFold.of(CounterEvent.class, Counter::version)
                .starts(Opened.class, (opened, sequence) -> new Counter(opened.start(), sequence))
                .evolves(Added.class, (counter, added, sequence) -> counter);

        assertThatThrownBy(rules::build).isInstanceOf(IllegalStateException.class).hasMessageContaining("Noted");
    }

    @Test
    void rulesThatStartNothingAreRefused() {
        StreamFold.Rules<CounterEvent, Counter> rules = StreamFold.of(CounterEvent.class, Counter::version)
                .evolves(Opened.class, (counter, opened, sequence) -> counter)
                .evolves(Added.class, (counter, added, sequence) -> counter)
                .evolves(Noted.class, (counter, noted, sequence) -> counter);

        assertThatThrownBy(rules::build).isInstanceOf(IllegalStateException.class).hasMessageContaining("start");
    }

    @Test
    void aMemberHasOneRule() {
        StreamFold.Rules<CounterEvent, Counter> rules = StreamFold.of(CounterEvent.class, Counter::version)
                .evolves(Added.class, (counter, added, sequence) -> counter);

        assertThatThrownBy(() -> rules.evolves(Added.class, (counter, added, sequence) -> counter))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Added");
    }

    @Test
    void onlyASealedFamilyHasRules() {
        assertThatThrownBy(() -> StreamFold.of(NotSealed.class, Counter::version))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aStreamsFirstEventStartsTheRowAndALaterOneStartsNone() {
        assertThat(FOLD.start(new Opened(5), 0)).contains(new Counter(5, 0));
        assertThat(FOLD.start(new Added(1), 1)).isEmpty();
    }

    @Test
    void laterEventsFoldInOrder() {
        Counter counter = FOLD.start(new Opened(5), 0).orElseThrow();

        counter = FOLD.evolve(counter, new Added(2), 1);
        counter = FOLD.evolve(counter, new Noted("checked"), 2);

        assertThat(counter).isEqualTo(new Counter(7, 2));
    }

    @Test
    void anEventTheRowHasAppliedChangesNothing() {
        Counter counter = new Counter(7, 2);

        assertThat(FOLD.evolve(counter, new Added(3), 2)).isSameAs(counter);
        assertThat(FOLD.evolve(counter, new Added(3), 1)).isSameAs(counter);
    }

    @Test
    void aSecondStartLeavesTheRowAsItIs() {
        Counter counter = new Counter(7, 2);

        assertThat(FOLD.evolve(counter, new Opened(0), 3)).isSameAs(counter);
    }

    @Test
    void anEventOutsideTheFamilyIsRefused() {
        assertThatThrownBy(() -> FOLD.evolve(new Counter(0, 0), "not a counter event", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CounterEvent");
        assertThat(FOLD.start("not a counter event", 0)).isEqualTo(Optional.empty());
    }
}
