package io.payouts.service.bankaccount;

import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.driver.BankAccountDetails;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;

/**
 * A driver's bank account, the way Stripe's external accounts work: set (replacing any before it), read masked, and
 * removed; {@code drivers:write} / {@code drivers:read}, in the driver's own mode only. A write answers from its own
 * command, a read as of the driver's newest stored event (ADR-0018).
 */
@RestController
@RequestMapping("/api/v1/drivers/{id}/bank-account")
class BankAccountController {

    private final DriverBankAccounts accounts;

    BankAccountController(DriverBankAccounts accounts) {
        this.accounts = accounts;
    }

    @PutMapping
    ApiResponse<BankAccountResponse> set(@PathVariable String id, @RequestBody BankAccountRequest body,
                                         RequestContext context) {
        DriverId driverId = driverId(id);
        BankAccountDetails account = body.toDetails("");
        accounts.set(driverId, account, context);
        return ApiResponse.ok(context, BankAccountResponse.of(driverId, account, context.receivedAt()));
    }

    @GetMapping
    ApiResponse<BankAccountResponse> get(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, BankAccountResponse.of(accounts.find(driverId(id), context)));
    }

    @DeleteMapping
    ApiResponse<RemovedBankAccount> remove(@PathVariable String id, RequestContext context) {
        DriverId driverId = driverId(id);
        accounts.remove(driverId, context);
        return ApiResponse.ok(context, new RemovedBankAccount(driverId.value(), context.receivedAt()));
    }

    private static DriverId driverId(String raw) {
        return DriverId.parse(raw).orElseThrow(() -> new DriverNotFoundException(raw));
    }

    /** The driver whose account was taken off file, and when. */
    record RemovedBankAccount(String driverId, Instant removedAt) {
    }
}
