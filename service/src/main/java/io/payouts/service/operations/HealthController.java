package io.payouts.service.operations;

import io.payouts.rail.RailProperties;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;

/**
 * GET /health: ok while the database answers, 503 otherwise; the version comes from the build, and
 * {@code productionRail} says which rail pays production payouts, so that the console can say loudly when it is the
 * simulated one.
 */
@RestController
class HealthController {

    private final JdbcTemplate jdbc;
    private final String version;

    private final String productionRail;

    HealthController(JdbcTemplate jdbc, ObjectProvider<BuildProperties> build, RailProperties rails) {
        this.jdbc = jdbc;
        this.productionRail = rails.production().railName();
        BuildProperties properties = build.getIfAvailable();
        this.version = properties == null ? "unknown" : properties.getVersion();
    }

    @GetMapping("/health")
    ResponseEntity<ApiResponse<Health>> health(RequestContext context) {
        boolean databaseUp = databaseAnswers();
        Health health = new Health(databaseUp ? "ok" : "unavailable", version, productionRail,
                context.receivedAt());
        return ResponseEntity.status(databaseUp ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
                .body(new ApiResponse<>(databaseUp, health, ApiResponse.Meta.of(context)));
    }

    private boolean databaseAnswers() {
        try {
            return Integer.valueOf(1).equals(jdbc.queryForObject("select 1", Integer.class));
        } catch (RuntimeException e) {
            return false;
        }
    }

    record Health(String status, String version, String productionRail, Instant timestamp) {
    }
}
