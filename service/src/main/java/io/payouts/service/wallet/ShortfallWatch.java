package io.payouts.service.wallet;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.service.http.Gateways;
import io.payouts.shared.DomainException;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.FindFundingAlertQuery;
import io.payouts.shared.wallet.FindFundingProjectionQuery;
import io.payouts.shared.wallet.FundingAlert;
import io.payouts.shared.wallet.FundingProjection;
import io.payouts.shared.wallet.RecordFundingShortfallCommand;
import io.payouts.shared.wallet.WalletId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * Reads each watched mode's funding projection and tells the wallet when a shortfall episode starts or ends
 * (ADR-0043). The projection moves with payouts, batches and the calendar, not only with the wallet's events, so it
 * is read on a timer; the wallet keeps the episode, so a round that finds what the last one found sends nothing.
 */
@Component
public class ShortfallWatch {

    static final String CALLER = "funding:shortfall-watch";
    private static final Logger log = LoggerFactory.getLogger(ShortfallWatch.class);

    private final Gateways gateways;
    private final Commands commands;
    private final Clock clock;

    ShortfallWatch(Gateways gateways, Commands commands, Clock clock) {
        this.gateways = gateways;
        this.commands = commands;
        this.clock = clock;
    }

    public void runRound() {
        for (Mode mode : Mode.values()) {
            FundingAlert alert = gateways.query(new FindFundingAlertQuery(mode), FundingAlert.class);
            if (alert.shortfallWithinDays() != null) {
                check(mode, alert);
            }
        }
    }

    private void check(Mode mode, FundingAlert alert) {
        Instant now = clock.instant();
        FundingProjection projection = gateways.query(new FindFundingProjectionQuery(mode,
                alert.shortfallWithinDays(), now.atZone(ZoneOffset.UTC).toLocalDate()), FundingProjection.class);
        Optional<ProjectedShortfall> shortfall = ProjectedShortfall.in(projection);
        if (shortfall.isPresent() == (alert.shortfallOn() != null)) {
            return;
        }
        try {
            commands.send(new RecordFundingShortfallCommand(WalletId.of(mode),
                    shortfall.map(ProjectedShortfall::on).orElse(null),
                    shortfall.map(ProjectedShortfall::balance).orElse(projection.projectedBalance()), now),
                    Origin.system(CALLER, mode));
        } catch (DomainException refused) {
            // switched off between the read and the command: the next round reads the new setting
            log.debug("Shortfall of the {} wallet not recorded: {}", mode.apiName(), refused.getMessage());
        }
    }
}
