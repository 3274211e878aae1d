package io.payouts.service.batch;

import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.service.http.SandboxScenario;
import io.payouts.service.payout.PayoutRequests;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.InvalidFieldsException;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverStanding;
import io.payouts.shared.driver.FindDriverStandingsQuery;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns POST /batches into a batch to create. Each payout is checked like a payout created on its own (amount in
 * range and above the fee) and its driver against the standings the command side pays by (active and
 * KYC-verified); a batch is one decision, so any bad item rejects the whole batch with a 400 whose details name
 * every bad item as {@code payouts[index].field} (ADR-0013). The command side checks the drivers again as it
 * creates the batch, so a driver who changed in between cannot slip through.
 */
@Component
class BatchRequests {

    private final PayoutRequests payouts;
    private final Gateways gateways;

    BatchRequests(PayoutRequests payouts, Gateways gateways) {
        this.payouts = payouts;
        this.gateways = gateways;
    }

    CreateBatchCommand build(BatchId batchId, BatchBodies.NewBatch body, SandboxScenario scenario,
                             RequestContext context) {
        // the batch's own rules first, as the command has them, then every item's problems at once
        CreateBatchCommand.requireValidName(body.name());
        CreateBatchCommand.requireValidSize(body.payouts() == null ? 0 : body.payouts().size());
        Rail rail = PayoutRequests.rail(body.urgency());
        Instant scheduledFor = scheduledFor(body.scheduledFor(), context.receivedAt());
        // insufficient_funds is the release's scenario: creating a batch reserves nothing
        SandboxScenario itemScenario = scenario == SandboxScenario.PAYOUT_FAILED
                ? SandboxScenario.PAYOUT_FAILED : SandboxScenario.SUCCESS;
        Map<String, String> problems = new TreeMap<>();
        List<PayoutRequest> requests = new ArrayList<>();
        Map<Integer, DriverId> drivers = new TreeMap<>();
        for (int index = 0; index < body.payouts().size(); index++) {
            String prefix = "payouts[" + index + "]";
            BatchBodies.Item item = body.payouts().get(index);
            if (item == null) {
                problems.put(prefix, "is required");
                continue;
            }
            if (item.amount() == null) {
                problems.put(prefix + ".amount", "is required");
            }
            if (item.driverId() == null || item.driverId().isBlank()) {
                problems.put(prefix + ".driverId", "is required");
            } else {
                int position = index;
                DriverId.parse(item.driverId()).ifPresent(driverId -> drivers.put(position, driverId));
            }
            if (item.amount() == null || item.driverId() == null || item.driverId().isBlank()) {
                continue;
            }
            payouts.fieldProblems(item.amount(), rail, item.description(), item.loadId())
                    .forEach((field, problem) -> problems.put(prefix + "." + field, problem));
            try {
                requests.add(payouts.build(item.driverId(), item.amount(), rail, item.description(), item.loadId(),
                        null, itemScenario, context));
            } catch (DomainException refusal) {
                named(prefix, refusal).forEach(problems::putIfAbsent);
            }
        }
        unpayableDrivers(drivers, context).forEach(problems::putIfAbsent);
        if (!problems.isEmpty()) {
            throw new InvalidFieldsException(problems);
        }
        return new CreateBatchCommand(batchId, context.mode(), WalletId.of(context.mode()), body.name(), rail,
                scheduledFor, requests, context.receivedAt(), context.requireCaller().userId());
    }

    /** Each item, by its index, whose driver does not exist in the mode or cannot be paid. */
    private Map<String, String> unpayableDrivers(Map<Integer, DriverId> drivers, RequestContext context) {
        if (drivers.isEmpty()) {
            return Map.of();
        }
        Map<DriverId, DriverStanding> standings = new HashMap<>();
        gateways.query(new FindDriverStandingsQuery(context.mode(), List.copyOf(drivers.values())),
                        FindDriverStandingsQuery.Result.class).standings()
                .forEach(standing -> standings.put(standing.driverId(), standing));
        return CreateBatchCommand.driverProblems(drivers, standings);
    }

    /** An ISO 8601 timestamp after now, or none. */
    private static Instant scheduledFor(String raw, Instant now) {
        if (raw == null) {
            return null;
        }
        Instant at;
        try {
            at = OffsetDateTime.parse(raw).toInstant();
        } catch (DateTimeParseException e) {
            throw new InvalidFieldException("scheduledFor", "must be an ISO 8601 timestamp with an offset");
        }
        if (!at.isAfter(now)) {
            throw new InvalidFieldException("scheduledFor", "must be in the future");
        }
        return at;
    }

    /** The item's problems under its index: a field's own name when the refusal names one, else the driver's. */
    private static Map<String, String> named(String prefix, DomainException refusal) {
        Map<String, String> named = new TreeMap<>();
        if (!refusal.details().isEmpty()) {
            refusal.details().forEach((field, problem) -> named.put(prefix + "." + field, problem));
        } else if (refusal.code() == ErrorCode.NOT_FOUND || refusal.code() == ErrorCode.DRIVER_NOT_PAYABLE) {
            named.put(prefix + ".driverId", refusal.getMessage());
        } else {
            named.put(prefix, refusal.getMessage());
        }
        return named;
    }
}
