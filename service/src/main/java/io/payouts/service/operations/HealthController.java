package io.payouts.service.operations;

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

/** GET /health: ok while the database answers, 503 otherwise; the version comes from the build. */
@RestController
class HealthController {

    private final JdbcTemplate jdbc;
    private final String version;

    HealthController(JdbcTemplate jdbc, ObjectProvider<BuildProperties> build) {
        this.jdbc = jdbc;
        BuildProperties properties = build.getIfAvailable();
        this.version = properties == null ? "unknown" : properties.getVersion();
    }

    @GetMapping("/health")
    ResponseEntity<ApiResponse<Health>> health(RequestContext context) {
        boolean databaseUp = databaseAnswers();
        Health health = new Health(databaseUp ? "ok" : "unavailable", version, context.receivedAt());
        return ResponseEntity.status(databaseUp ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
                .body(new ApiResponse<>(databaseUp, health, new ApiResponse.Meta(context.requestId(), context.receivedAt())));
    }

    private boolean databaseAnswers() {
        try {
            return Integer.valueOf(1).equals(jdbc.queryForObject("select 1", Integer.class));
        } catch (RuntimeException e) {
            return false;
        }
    }

    record Health(String status, String version, Instant timestamp) {
    }
}
