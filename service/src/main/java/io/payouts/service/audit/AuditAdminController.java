package io.payouts.service.audit;

import io.payouts.audit.AuditResourceNotFoundException;
import io.payouts.audit.ChainVerification;
import io.payouts.audit.ProjectionChecksums;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** The auditors' checks, for owners and admins: the hash chain (ADR-0025) and the read models' checksums. */
@RestController
class AuditAdminController {

    private final ChainVerification verification;
    private final ProjectionChecksums checksums;

    AuditAdminController(ChainVerification verification, ProjectionChecksums checksums) {
        this.verification = verification;
        this.checksums = checksums;
    }

    @GetMapping("/api/v1/admin/audit/verify")
    ApiResponse<ChainVerification.VerificationReport> verify(RequestContext context) {
        return ApiResponse.ok(context, verification.verify());
    }

    @GetMapping("/api/v1/admin/projections/{name}/checksum")
    ApiResponse<ProjectionChecksums.ReadModelChecksum> checksum(@PathVariable String name, RequestContext context) {
        return ApiResponse.ok(context, checksums.of(name).orElseThrow(() ->
                new AuditResourceNotFoundException("read model", name)));
    }
}
