package io.payouts.service.sandbox;

import io.payouts.sandbox.SandboxReset;
import io.payouts.sandbox.SandboxSeed;
import io.payouts.service.driver.DriverResponse;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.service.payout.PayoutResponse;
import io.payouts.shared.ForbiddenException;
import io.payouts.shared.Mode;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/**
 * The sandbox utilities (ADR-0015): any sandbox key may use them, whatever its scopes; a production key is refused,
 * so nothing here can ever read or clear production data.
 */
@RestController
@RequestMapping("/api/v1/sandbox")
class SandboxController {

    private final SandboxSeed seed;
    private final SandboxReset reset;
    private final SandboxOverview overview;

    SandboxController(SandboxSeed seed, SandboxReset reset, SandboxOverview overview) {
        this.seed = seed;
        this.reset = reset;
        this.overview = overview;
    }

    @PostMapping("/seed")
    SandboxSeededResponse seed(RequestContext context) {
        requireSandbox(context);
        SandboxSeed.Seeding seeded = seed.seed(context.origin(), context.receivedAt());
        return new SandboxSeededResponse(true, "planted a funded wallet, " + seeded.driverCount()
                + " drivers and " + seeded.payoutCount() + " payouts",
                new Seeded(seeded.driverCount(), seeded.payoutCount()), ApiResponse.Meta.of(context));
    }

    @GetMapping("/state")
    ApiResponse<State> state(RequestContext context) {
        requireSandbox(context);
        SandboxOverview.Overview sandbox = overview.read();
        return ApiResponse.ok(context, new State(sandbox.drivers().stream().map(DriverResponse::of).toList(),
                sandbox.payouts().stream().map(PayoutResponse::of).toList(), sandbox.balance().available()));
    }

    /** 200 once cleared; 202 when a large sandbox is still being cleared as the reset's timeout comes. */
    @PostMapping("/reset")
    ResponseEntity<SandboxResetResponse> reset(RequestContext context) {
        requireSandbox(context);
        return switch (reset.reset()) {
            case DONE -> ResponseEntity.ok(new SandboxResetResponse(true, "all sandbox data was cleared: drivers,"
                    + " payouts, batches, the wallet and its transactions, and webhook subscriptions with their logs",
                    ApiResponse.Meta.of(context)));
            case CONTINUING -> ResponseEntity.accepted().body(new SandboxResetResponse(true, "the sandbox is being"
                    + " cleared and the reset goes on by itself: sandbox requests answer 503 until it is done",
                    ApiResponse.Meta.of(context)));
        };
    }

    private static void requireSandbox(RequestContext context) {
        if (context.mode() != Mode.SANDBOX) {
            throw new ForbiddenException("the sandbox utilities take a sandbox key (svc_sbox_...), not a production key");
        }
    }

    /** The spec's seed answer: a message next to {@code success}, and the counts as data. */
    record SandboxSeededResponse(@Schema(description = "true") boolean success, String message, Seeded data,
                                 ApiResponse.Meta meta) {
    }

    /** How many drivers and payouts the seed made. */
    record Seeded(long drivers, long payouts) {
    }

    /** The spec's reset answer: a message next to {@code success}, and no data. */
    record SandboxResetResponse(@Schema(description = "true") boolean success, String message,
                                ApiResponse.Meta meta) {
    }

    /** The sandbox at a glance: balance is the wallet's available balance, in cents. */
    record State(List<DriverResponse> drivers, List<PayoutResponse> payouts, long balance) {
    }
}
