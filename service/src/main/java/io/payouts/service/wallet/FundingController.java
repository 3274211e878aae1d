package io.payouts.service.wallet;

import io.payouts.audit.AsOfReads;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiPage;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.QueryDates;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.Money;
import io.payouts.shared.wallet.FindFundingTransactionsQuery;
import io.payouts.shared.wallet.FindTopUpsQuery;
import io.payouts.shared.wallet.FundingProjection;
import io.payouts.shared.wallet.FundingTransaction;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TransactionType;
import io.payouts.shared.wallet.WalletBalance;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;

/**
 * The funding wallet: top-ups (pending until they settle: sandbox at once, production when an owner or admin
 * confirms the bank transfer), the balance, the transactions and the projection (ADR-0011).
 */
@RestController
class FundingController {

    private final Funding funding;

    FundingController(Funding funding) {
        this.funding = funding;
    }

    /**
     * Answers from the command's result, not the read models: a new top-up is pending and the balance is what was
     * available when it was requested, however soon the sandbox settles it.
     */
    @PostMapping("/api/v1/funding/topup")
    ApiResponse<TopUpResult> topUp(@Valid @RequestBody TopUpBody body, RequestContext context) {
        TopUpMethod method = body.method() == null ? TopUpMethod.BANK_TRANSFER
                : ApiEnums.parse(TopUpMethod.class, "method", body.method());
        Funding.TopUpRequested topUp = funding.topUp(body.amount(), body.description(), method, context);
        return ApiResponse.ok(context, new TopUpResult(topUp.transactionId().value(), topUp.amount(),
                topUp.available(), TopUp.PENDING, context.receivedAt(), topUp.transactionId().wireReference()));
    }

    /** With {@code asOf}, the balance as it was answered at that instant, from the events (ADR-0027). */
    @GetMapping("/api/v1/balance")
    ApiResponse<BalanceResponse> balance(@RequestParam(required = false) String asOf, RequestContext context) {
        WalletBalance balance = asOf == null ? funding.balance(context)
                : funding.balanceAsOf(AsOfReads.instant(asOf, context.receivedAt()), context);
        return ApiResponse.ok(context, new BalanceResponse(balance.available(), balance.pending(), balance.inTransit(),
                Money.CURRENCY));
    }

    /** {@code date} keeps one UTC day's transactions: those its statement line counts (ADR-0042). */
    @GetMapping("/api/v1/funding/transactions")
    ApiResponse<ApiPage<TransactionResponse>> transactions(@RequestParam(required = false) Integer page,
                                                           @RequestParam(required = false) Integer pageSize,
                                                           @RequestParam(required = false) String type,
                                                           @RequestParam(required = false) String date,
                                                           RequestContext context) {
        TransactionType typeFilter = type == null ? null : ApiEnums.parse(TransactionType.class, "type", type);
        FindFundingTransactionsQuery query = new FindFundingTransactionsQuery(context.mode(), typeFilter,
                QueryDates.parse("date", date), Pagination.STANDARD.request(page, pageSize));
        return ApiResponse.ok(context, ApiPage.of(funding.transactions(query).page(), TransactionResponse::of));
    }

    /** Pending until the money arrives: production's when an owner or admin settles it, or the bank notifies it. */
    @GetMapping("/api/v1/funding/topups")
    ApiResponse<ApiPage<TopUpResponse>> topUps(@RequestParam(required = false) Integer page,
                                               @RequestParam(required = false) Integer pageSize,
                                               @RequestParam(required = false) String status,
                                               RequestContext context) {
        String statusFilter = status == null ? null : ApiEnums.parse(TopUpStatus.class, "status", status).stored();
        FindTopUpsQuery query = new FindTopUpsQuery(context.mode(), statusFilter,
                Pagination.STANDARD.request(page, pageSize));
        return ApiResponse.ok(context, ApiPage.of(funding.topUps(query).page(), TopUpResponse::of));
    }

    @GetMapping("/api/v1/funding/projection")
    ApiResponse<FundingProjection> projection(@RequestParam(defaultValue = "14") int days, RequestContext context) {
        return ApiResponse.ok(context, funding.projection(days, context));
    }

    record TopUpBody(@NotNull(message = "is required") Long amount,
                     @Size(max = RequestTopUpCommand.MAX_DESCRIPTION_LENGTH, message = "must be at most {max} characters") String description,
                     String method) {
    }

    /**
     * {@code reference}: what to quote on the bank transfer as its reference (the top-up id's hex digits, since a bank
     * reference holds 35 characters); in production the bank's credit notification settles the top-up by it
     * (ADR-0034).
     */
    record TopUpResult(String transactionId, long amount, long balance, String status, Instant createdAt,
                       String reference) {
    }

    /** {@code reference}: what the bank transfer quotes, as the top-up's answer gave it. */
    record TopUpResponse(String transactionId, long amount, String status, String description, String method,
                         String reference, Instant createdAt, Instant settledAt) {

        static TopUpResponse of(TopUp topUp) {
            return new TopUpResponse(topUp.transactionId().value(), topUp.amount(), topUp.status(),
                    topUp.description(), topUp.method(), topUp.transactionId().wireReference(), topUp.createdAt(),
                    topUp.settledAt());
        }
    }

    record BalanceResponse(long available, long pending, long inTransit, String currency) {
    }

    record TransactionResponse(String id, String type, long amount, long balance, String description,
                               String payoutId, Instant createdAt) {

        static TransactionResponse of(FundingTransaction transaction) {
            return new TransactionResponse(transaction.id().value(), ApiEnums.name(transaction.type()),
                    transaction.amount(), transaction.balance(), transaction.description(),
                    transaction.payoutId() == null ? null : transaction.payoutId().value(), transaction.createdAt());
        }
    }
}
