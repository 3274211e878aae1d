package io.payouts.service.operations;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProcessorStateTest {

    @Test
    void aProcessorFurtherBehindThanTheLimitHasFallenBehind() {
        assertThat(running(10_001).fallenBehind(10_000)).isTrue();
        assertThat(running(10_000).fallenBehind(10_000)).isFalse();
        assertThat(running(0).fallenBehind(1)).isFalse();
    }

    @Test
    void aStoppedProcessorHasFallenBehindWhateverItsLastPosition() {
        assertThat(new ProcessorState("p", false, false, 0, 0, 0, false, 1).fallenBehind(10_000)).isTrue();
    }

    @Test
    void aRunningProcessorWhosePositionIsUnknownHereHasNot() {
        assertThat(new ProcessorState("p", true, false, 0, 0, 0, false, 1).fallenBehind(1)).isFalse();
    }

    private static ProcessorState running(long lag) {
        return new ProcessorState("p", true, true, lag, 1.5, 0, false, 1);
    }
}
