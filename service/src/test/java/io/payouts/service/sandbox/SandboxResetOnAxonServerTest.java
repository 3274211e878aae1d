package io.payouts.service.sandbox;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * With its events in Axon Server, which keeps them, the sandbox is not reset at all: clearing the read models alone
 * would leave the wallet's money in place and stop the wallet projection (issue #17).
 */
class SandboxResetOnAxonServerTest {

    @Test
    void refusesAndDeletesNothing() {
        JdbcTemplate jdbc = mock(JdbcTemplate.class);
        TransactionTemplate transaction = mock(TransactionTemplate.class);
        SandboxReset reset = new SandboxReset(jdbc, transaction, mock(SandboxLock.class),
                mock(ProcessorsCaughtUp.class), List.of(), Duration.ofSeconds(5), false);

        assertThatThrownBy(reset::reset).isInstanceOfSatisfying(DomainException.class,
                refused -> assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_STATE));
        verifyNoInteractions(jdbc, transaction);
    }
}
