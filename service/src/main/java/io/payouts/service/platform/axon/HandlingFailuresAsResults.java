package io.payouts.service.platform.axon;

import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandCallback;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.GenericCommandResultMessage;

/**
 * The local segment under Axon Server's command bus (issue #17), answering a command whose transaction could not
 * start because the database was out of reach through the callback, as data ({@link DatabaseFailuresAsDetails}).
 * Axon's local bus throws that failure to its caller instead, and Axon Server's connector answers a command that
 * threw with the failure's message alone: the sender on another instance then answered 500 where one instance
 * answers 503. Every other failure is thrown as it came.
 */
final class HandlingFailuresAsResults extends ForwardingCommandBus {

    HandlingFailuresAsResults(CommandBus delegate) {
        super(delegate);
    }

    @Override
    public <C, R> void dispatch(CommandMessage<C> command, CommandCallback<? super C, ? super R> callback) {
        try {
            super.dispatch(command, callback);
        } catch (RuntimeException failure) {
            RuntimeException carried = DatabaseFailuresAsDetails.translated(failure);
            if (!DatabaseWasUnavailable.isCarriedBy(carried)) {
                throw failure;
            }
            callback.onResult(command, GenericCommandResultMessage.asCommandResultMessage(carried));
        }
    }
}
