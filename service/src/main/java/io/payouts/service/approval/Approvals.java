package io.payouts.service.approval;

import io.payouts.service.access.OwnersAndAdmins;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.approval.ApprovalPolicy;
import io.payouts.shared.approval.FindApprovalPolicyQuery;
import io.payouts.shared.approval.FindPendingApprovalsQuery;
import io.payouts.shared.approval.PendingApprovalPage;
import io.payouts.shared.wallet.SetApprovalThresholdCommand;
import io.payouts.shared.wallet.WalletId;
import org.springframework.stereotype.Service;

/**
 * The mode's approval threshold and what waits for a second person (ADR-0046), whoever asks: the endpoints only map
 * HTTP onto it. The wallet keeps the threshold; a read answers what the read model shows once it has caught up.
 */
@Service
class Approvals {

    private final Gateways gateways;
    private final OwnersAndAdmins ownersAndAdmins;

    Approvals(Gateways gateways, OwnersAndAdmins ownersAndAdmins) {
        this.gateways = gateways;
        this.ownersAndAdmins = ownersAndAdmins;
    }

    PendingApprovalPage waiting(FindPendingApprovalsQuery query) {
        return gateways.query(query, PendingApprovalPage.class);
    }

    ApprovalPolicy policy(Mode mode) {
        return gateways.query(new FindApprovalPolicyQuery(mode), ApprovalPolicy.class);
    }

    /** Only an owner or an admin may. */
    ApprovalPolicy setThreshold(Long threshold, RequestContext context) {
        // who may set it is answered before what they sent: a developer learns nothing from the body's checks
        ownersAndAdmins.require(context.requireCaller(), "set the approval threshold");
        if (threshold == null) {
            throw new InvalidFieldException("threshold", "is required");
        }
        Mode mode = context.mode();
        gateways.sendForResult(new SetApprovalThresholdCommand(WalletId.of(mode), mode, threshold,
                context.requireCaller().userId(), context.receivedAt()), context);
        return policy(mode);
    }
}
