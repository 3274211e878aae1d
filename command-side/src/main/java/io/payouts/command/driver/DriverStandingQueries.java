package io.payouts.command.driver;

import io.payouts.shared.driver.FindDriverStandingsQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

import java.util.List;

/** Answers with the standings payments are decided by, so the edge can name every unpayable driver at once. */
@Component
class DriverStandingQueries {

    private final DriverStandings standings;

    DriverStandingQueries(DriverStandings standings) {
        this.standings = standings;
    }

    @QueryHandler
    FindDriverStandingsQuery.Result handle(FindDriverStandingsQuery query) {
        return new FindDriverStandingsQuery.Result(
                List.copyOf(standings.find(query.mode(), query.driverIds()).values()));
    }
}
