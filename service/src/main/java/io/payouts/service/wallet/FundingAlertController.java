package io.payouts.service.wallet;

import io.payouts.service.access.OwnersAndAdmins;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.FindFundingAlertQuery;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.FundingAlert;
import io.payouts.shared.wallet.SetLowBalanceAlertCommand;
import io.payouts.shared.wallet.WalletBalance;
import io.payouts.shared.wallet.WalletId;
import jakarta.validation.constraints.NotNull;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The mode's low-balance alert (ADR-0043): anyone who may read the balance reads it, only an owner or an admin sets
 * it. The wallet decides the crossings; this answers what the read model shows once it has caught up.
 */
@RestController
class FundingAlertController {

    private final Gateways gateways;
    private final OwnersAndAdmins ownersAndAdmins;

    FundingAlertController(Gateways gateways, OwnersAndAdmins ownersAndAdmins) {
        this.gateways = gateways;
        this.ownersAndAdmins = ownersAndAdmins;
    }

    @GetMapping("/api/v1/funding/alerts")
    ApiResponse<FundingAlertResponse> alert(RequestContext context) {
        return ApiResponse.ok(context, current(context.mode()));
    }

    @PutMapping("/api/v1/funding/alerts")
    ApiResponse<FundingAlertResponse> set(@RequestBody FundingAlertBody body, RequestContext context) {
        // who may set it is answered before what they sent: a developer learns nothing from the body's checks
        ownersAndAdmins.require(context.requireCaller(), "set the low-balance alert");
        if (body.lowBalanceThreshold() == null) {
            throw new InvalidFieldException("lowBalanceThreshold", "is required");
        }
        Mode mode = context.mode();
        SetLowBalanceAlertCommand command = new SetLowBalanceAlertCommand(WalletId.of(mode), mode,
                body.lowBalanceThreshold(), body.shortfallWithinDays(), context.requireCaller().userId(),
                context.receivedAt());
        gateways.sendForResult(command, context);
        return ApiResponse.ok(context, current(mode));
    }

    private FundingAlertResponse current(Mode mode) {
        FundingAlert alert = gateways.query(new FindFundingAlertQuery(mode), FundingAlert.class);
        WalletBalance balance = gateways.query(new FindWalletBalanceQuery(mode), WalletBalance.class);
        return FundingAlertResponse.of(alert, balance);
    }

    /** {@code shortfallWithinDays} null (or absent) stops watching the projection. */
    record FundingAlertBody(@NotNull(message = "is required") Long lowBalanceThreshold, Integer shortfallWithinDays) {
    }
}
