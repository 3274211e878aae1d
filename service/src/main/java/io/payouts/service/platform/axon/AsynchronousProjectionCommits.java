package io.payouts.service.platform.axon;

import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.config.EventProcessingConfigurer;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Event processors commit without waiting for the disk (PostgreSQL's synchronous_commit off, for their own
 * transactions only). Nothing acknowledged can be lost by it: a processor's token commits in the same
 * transaction as its writes, so a crash rolls both back together and the processor replays the same events to
 * the same state. Commands, and so every acknowledged write, keep durable commits (ADR-0011).
 */
@Configuration(proxyBeanMethods = false)
class AsynchronousProjectionCommits {

    private static final String APPLIED = AsynchronousProjectionCommits.class.getName();

    @Autowired
    void forEveryProcessor(EventProcessingConfigurer processing, JdbcTemplate jdbc) {
        processing.registerDefaultHandlerInterceptor((configuration, processorName) -> new Interceptor(jdbc));
    }

    /**
     * A subscribing processor handles events inside the unit of work of the command that published them, in the
     * command's transaction: that commit is the command's acknowledged write, so it stays durable.
     */
    record Interceptor(JdbcTemplate jdbc) implements MessageHandlerInterceptor<EventMessage<?>> {

        @Override
        public Object handle(UnitOfWork<? extends EventMessage<?>> unitOfWork, InterceptorChain chain) throws Exception {
            UnitOfWork<?> batch = unitOfWork.root();
            if (!(batch.getMessage() instanceof CommandMessage<?>)
                    && batch.resources().putIfAbsent(APPLIED, Boolean.TRUE) == null) {
                jdbc.execute("set local synchronous_commit to off");
            }
            return chain.proceed();
        }
    }
}
