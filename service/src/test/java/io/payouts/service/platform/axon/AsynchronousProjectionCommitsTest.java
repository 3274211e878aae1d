package io.payouts.service.platform.axon;

import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * A processor's own transaction commits without waiting for the disk, once per batch; a command's transaction, in
 * which a subscribing processor handles the command's events, keeps its durable commit.
 */
class AsynchronousProjectionCommitsTest {

    private final JdbcTemplate jdbc = mock(JdbcTemplate.class);
    private final AsynchronousProjectionCommits.Interceptor interceptor =
            new AsynchronousProjectionCommits.Interceptor(jdbc);
    private final InterceptorChain chain = mock(InterceptorChain.class);

    @Test
    void aProcessorsBatchCommitsWithoutWaitingForTheDiskOnce() throws Exception {
        BatchingUnitOfWork<EventMessage<?>> batch = new BatchingUnitOfWork<>(List.of(event(), event()));
        batch.start();
        try {
            interceptor.handle(batch, chain);
            interceptor.handle(batch, chain);
        } finally {
            batch.rollback();
        }

        verify(jdbc, times(1)).execute("set local synchronous_commit to off");
        verify(chain, times(2)).proceed();
    }

    @Test
    void eventsHandledInsideACommandsUnitOfWorkLeaveItsCommitDurable() throws Exception {
        UnitOfWork<?> command = DefaultUnitOfWork.startAndGet(GenericCommandMessage.asCommandMessage("register"));
        try {
            BatchingUnitOfWork<EventMessage<?>> subscribing = new BatchingUnitOfWork<>(List.of(event()));
            subscribing.start();
            try {
                interceptor.handle(subscribing, chain);
            } finally {
                subscribing.rollback();
            }
        } finally {
            command.rollback();
        }

        verifyNoInteractions(jdbc);
        verify(chain).proceed();
    }

    private static EventMessage<?> event() {
        return GenericEventMessage.asEventMessage("registered");
    }
}
