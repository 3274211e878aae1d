package io.payouts.query.apikey;

import io.payouts.shared.apikey.ApprovalStatus;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;
import org.springframework.data.jpa.repository.Query;

import java.util.List;
import java.util.Optional;

interface ApiKeyViewRepository extends JpaRepository<ApiKeyView, String>, JpaSpecificationExecutor<ApiKeyView> {

    List<ApiKeyView> findByCreatedByOrderByCreatedAtDescIdDesc(String createdBy);

    List<ApiKeyView> findByApprovalStatusAndRevokedAtIsNullOrderByCreatedAtAscIdAsc(ApprovalStatus status);

    Optional<ApiKeyView> findByKeyHash(String keyHash);

    @Query("select k.version from ApiKeyView k where k.id = :id")
    Optional<Long> findVersionById(String id);
}
