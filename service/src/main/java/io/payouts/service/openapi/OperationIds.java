package io.payouts.service.openapi;

import io.swagger.v3.oas.models.Operation;
import org.springdoc.core.customizers.GlobalOperationCustomizer;
import org.springframework.web.method.HandlerMethod;

/**
 * Names each operation after its controller and method ({@code driverRegister}, {@code payoutCreateInstant}), so
 * that ids stay stable and readable instead of springdoc's {@code create_1}.
 */
class OperationIds implements GlobalOperationCustomizer {

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        String controller = handler.getBeanType().getSimpleName().replace("Controller", "");
        String method = handler.getMethod().getName();
        return operation.operationId(Character.toLowerCase(controller.charAt(0)) + controller.substring(1)
                + Character.toUpperCase(method.charAt(0)) + method.substring(1));
    }
}
