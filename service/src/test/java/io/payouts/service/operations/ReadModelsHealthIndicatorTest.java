package io.payouts.service.operations;

import io.payouts.service.projection.ProcessorStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReadModelsHealthIndicatorTest {

    @Test
    void aProcessorFurtherBehindThanTheLimitHasFallenBehind() {
        assertThat(ReadModelsHealthIndicator.fallenBehind(running(10_001L), 10_000)).isTrue();
        assertThat(ReadModelsHealthIndicator.fallenBehind(running(10_000L), 10_000)).isFalse();
        assertThat(ReadModelsHealthIndicator.fallenBehind(running(0L), 1)).isFalse();
    }

    @Test
    void aStoppedProcessorHasFallenBehindWhateverItsLastPosition() {
        assertThat(ReadModelsHealthIndicator.fallenBehind(new ProcessorStatus("p", "tracking", "stopped", true, null,
                100L, null, null, 0, null), 10_000)).isTrue();
    }

    @Test
    void aRunningProcessorWhosePositionIsUnknownHereHasNot() {
        assertThat(ReadModelsHealthIndicator.fallenBehind(running(null), 1)).isFalse();
    }

    private static ProcessorStatus running(Long lag) {
        return new ProcessorStatus("p", "tracking", "running", true, lag == null ? null : 100 - lag, 100L, lag, null,
                0, null);
    }
}
