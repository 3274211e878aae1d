package io.payouts.service.openapi;

import io.payouts.audit.EventPageSize;
import io.payouts.service.access.Role;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.QueryDates;
import io.payouts.shared.Mode;
import io.payouts.shared.Money;
import io.payouts.shared.apikey.KeyExpiry;
import io.payouts.shared.apikey.RejectApiKeyCommand;
import io.payouts.shared.apikey.Scope;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.driver.KycOutcome;
import io.payouts.shared.driver.PhoneNumber;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.payout.FeeSchedule;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.FindFundingProjectionQuery;
import io.payouts.shared.wallet.SetLowBalanceAlertCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.webhook.subscription.WebhookEventType;
import io.payouts.webhook.subscription.WebhookTargets;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What the service checks of a request that springdoc cannot read from the request records, stated in the document
 * from the very enums and constants those checks use: enum values, amount and day ranges, patterns, lengths. Bodies
 * are read with unknown fields refused (WebConfiguration), so their object schemas close with
 * {@code additionalProperties: false}, except the inbound webhook's, which is read as a tree. A name that no longer
 * matches the document fails at once, so the two cannot part silently; RequestContractTest sends each fact.
 */
final class RequestConstraints {

    /** Read as a JSON tree by the inbound webhook's endpoint, which ignores fields it does not use. */
    private static final Set<String> READ_AS_TREE = Set.of("InboundWebhook", "InboundWebhookData");

    private RequestConstraints() {
    }

    static void apply(OpenAPI openApi, FeeSchedule fees) {
        Map<String, Schema> schemas = openApi.getComponents().getSchemas();
        for (String body : List.of("NewPayout", "NewBatchPayout", "TopUpBody")) {
            amount(property(schemas, body, "amount"), Money.MIN_AMOUNT);
        }
        // an instant payout must be larger than its fee; with urgency instant the same holds, told in prose
        long smallestInstant = fees.smallestPayable(Rail.INSTANT, Money.MAX_AMOUNT);
        amount(property(schemas, "InstantPayout", "amount"), smallestInstant);
        for (String body : List.of("NewPayout", "BulkPayouts", "NewBatch")) {
            oneOf(property(schemas, body, "urgency"), Rail.values(), ApiEnums::name);
        }
        oneOf(property(schemas, "CreateKeyRequest", "mode"), Mode.values(), ApiEnums::name);
        Schema<?> scopes = property(schemas, "CreateKeyRequest", "scopes").minItems(1);
        oneOf(scopes.getItems(), Scope.values(), Scope::apiName);
        property(schemas, "CreateKeyRequest", "expires_in").minimum(BigDecimal.valueOf(KeyExpiry.MIN_DAYS))
                .maximum(BigDecimal.valueOf(KeyExpiry.MAX_DAYS));
        oneOf(property(schemas, "NewUserRequest", "role"), Role.values(), ApiEnums::name);
        oneOf(property(schemas, "KycRequest", "outcome"), KycOutcome.values(), ApiEnums::name);
        oneOf(property(schemas, "TopUpBody", "method"), TopUpMethod.values(), ApiEnums::name);
        Schema<?> events = property(schemas, "NewSubscription", "events").minItems(1);
        oneOf(events.getItems(), WebhookEventType.values(), WebhookEventType::apiName);
        property(schemas, "NewSubscription", "url").minLength(1).maxLength(WebhookTargets.MAX_LENGTH);
        for (String body : List.of("DriverRequest", "DriverProfileRequest")) {
            property(schemas, body, "phone").pattern(PhoneNumber.PATTERN);
        }
        property(schemas, "DriverRequest", "svcDriverId").pattern(RegisterDriverCommand.SVC_DRIVER_ID_PATTERN);
        property(schemas, "NewBatch", "name").minLength(1).maxLength(CreateBatchCommand.MAX_NAME_LENGTH);
        property(schemas, "NewBatch", "payouts").minItems(1).maxItems(CreateBatchCommand.MAX_PAYOUTS);
        // a batch's items are checked by hand, as a payout's own fields are (PayoutRequest)
        property(schemas, "NewBatchPayout", "driverId").minLength(1);
        property(schemas, "NewBatchPayout", "description").maxLength(PayoutRequest.MAX_DESCRIPTION_LENGTH);
        property(schemas, "NewBatchPayout", "loadId").maxLength(PayoutRequest.MAX_LOAD_ID_LENGTH);
        property(schemas, "RejectKeyRequest", "reason").minLength(1).maxLength(RejectApiKeyCommand.MAX_REASON_LENGTH);
        // @NotBlank next to @Size(max) reads as minLength 0 to springdoc; an empty string is refused.
        nonEmpty(schemas, "CreateKeyRequest", "name");
        nonEmpty(schemas, "DriverRequest", "name");
        nonEmpty(schemas, "DriverProfileRequest", "name");
        nonEmpty(schemas, "NewUserRequest", "email");
        for (String body : List.of("SignInRequest", "ConsoleSignInRequest")) {
            nonEmpty(schemas, body, "email");
            nonEmpty(schemas, body, "password");
        }
        property(schemas, "FundingAlertBody", "lowBalanceThreshold").minimum(BigDecimal.ZERO)
                .maximum(BigDecimal.valueOf(SetLowBalanceAlertCommand.MAX_THRESHOLD));
        property(schemas, "FundingAlertBody", "shortfallWithinDays").minimum(BigDecimal.ONE)
                .maximum(BigDecimal.valueOf(SetLowBalanceAlertCommand.MAX_SHORTFALL_DAYS));
        range(query(openApi, "/api/v1/funding/projection", "days"), 1, FindFundingProjectionQuery.MAX_DAYS);
        day(query(openApi, "/api/v1/funding/statements", "from").required(true));
        day(query(openApi, "/api/v1/funding/statements", "to").required(true));
        day(query(openApi, "/api/v1/funding/transactions", "date"));
        day(query(openApi, "/api/v1/payouts", "from"));
        day(query(openApi, "/api/v1/payouts", "to"));
        range(query(openApi, "/api/v1/events", "limit"), 1, EventPageSize.MAX);
        amount(query(openApi, "/api/v1/payouts/instant/fee", "amount").getSchema(), smallestInstant);
        closeUnknownFields(openApi, schemas);
    }

    private static void amount(Schema<?> schema, long minimum) {
        schema.minimum(BigDecimal.valueOf(minimum)).maximum(BigDecimal.valueOf(Money.MAX_AMOUNT));
    }

    private static void nonEmpty(Map<String, Schema> schemas, String body, String name) {
        property(schemas, body, name).minLength(1);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static <E> void oneOf(Schema schema, E[] values, Function<E, String> name) {
        schema.setEnum(null);
        Arrays.stream(values).map(name).forEach(schema::addEnumItemObject);
    }

    /**
     * A UTC day as YYYY-MM-DD, four-digit years only (QueryDates). A schema of its own: springdoc shares one string
     * schema between query parameters.
     */
    private static void day(Parameter parameter) {
        parameter.setSchema(Schemas.string().format("date").pattern(QueryDates.PATTERN));
    }

    private static void range(Parameter parameter, int minimum, int maximum) {
        parameter.getSchema().minimum(BigDecimal.valueOf(minimum)).maximum(BigDecimal.valueOf(maximum));
    }

    private static Schema<?> property(Map<String, Schema> schemas, String body, String name) {
        Schema<?> schema = schemas.get(body);
        if (schema == null || schema.getProperties() == null || !schema.getProperties().containsKey(name)) {
            throw new IllegalStateException("the document has no request field " + body + "." + name);
        }
        return schema.getProperties().get(name);
    }

    private static Parameter query(OpenAPI openApi, String path, String name) {
        PathItem item = openApi.getPaths().get(path);
        Operation get = item == null ? null : item.getGet();
        return (get == null || get.getParameters() == null ? List.<Parameter>of() : get.getParameters()).stream()
                .filter(parameter -> name.equals(parameter.getName()) && "query".equals(parameter.getIn()))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the document has no query parameter " + name + " of GET "
                        + path));
    }

    /** Every object schema a request body refers to, however deep, refuses fields it does not name. */
    private static void closeUnknownFields(OpenAPI openApi, Map<String, Schema> schemas) {
        Deque<String> pending = new ArrayDeque<>();
        openApi.getPaths().values().forEach(item -> item.readOperations().stream()
                .filter(operation -> operation.getRequestBody() != null)
                .flatMap(operation -> operation.getRequestBody().getContent().values().stream())
                .forEach(media -> pending.addAll(references(media.getSchema()))));
        Set<String> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            String name = pending.pop();
            if (!seen.add(name) || READ_AS_TREE.contains(name)) {
                continue;
            }
            Schema<?> schema = schemas.get(name);
            schema.setAdditionalProperties(false);
            if (schema.getProperties() != null) {
                schema.getProperties().values().forEach(property -> pending.addAll(references(property)));
            }
        }
    }

    private static List<String> references(Schema<?> schema) {
        if (schema == null) {
            return List.of();
        }
        if (schema.get$ref() != null) {
            return List.of(schema.get$ref().substring(Schemas.COMPONENTS.length()));
        }
        return references(schema.getItems());
    }
}
