package io.payouts.query.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutStatus;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** One derived query per filter combination, so each uses its index (V6) instead of an "or is null" plan. */
interface PayoutViewRepository extends JpaRepository<PayoutView, String> {

    /** One statement, no read first; a redelivered registration inserts nothing. */
    @Modifying
    @Query(nativeQuery = true, value = """
            insert into payout_view (id, mode, driver_id, amount, fee, net_amount, status, rail, description, load_id,
                                     requested_at, version)
            values (:id, :mode, :driverId, :amount, :fee, :netAmount, :status, :rail, :description, :loadId,
                    :requestedAt, :version)
            on conflict (id) do nothing""")
    void insertIfAbsent(String id, String mode, String driverId, long amount, long fee, long netAmount,
                        String status, String rail, String description, String loadId, Instant requestedAt,
                        long version);

    /** A payout of a batch: pending until the batch is released (ADR-0013). */
    @Modifying
    @Query(nativeQuery = true, value = """
            insert into payout_view (id, mode, driver_id, amount, fee, net_amount, status, rail, description, load_id,
                                     batch_id, requested_at, version)
            values (:id, :mode, :driverId, :amount, :fee, :netAmount, 'PENDING', :rail, :description, :loadId,
                    :batchId, :requestedAt, :version)
            on conflict (id) do nothing""")
    void insertInBatchIfAbsent(String id, String mode, String driverId, long amount, long fee, long netAmount,
                               String rail, String description, String loadId, String batchId, Instant requestedAt,
                               long version);

    Optional<PayoutView> findByIdAndMode(String id, Mode mode);

    List<PayoutView> findByModeAndBatchId(Mode mode, String batchId, Sort sort);

    Page<PayoutView> findByMode(Mode mode, Pageable pageable);

    Page<PayoutView> findByModeAndStatus(Mode mode, PayoutStatus status, Pageable pageable);

    Page<PayoutView> findByModeAndDriverId(Mode mode, String driverId, Pageable pageable);

    Page<PayoutView> findByModeAndDriverIdAndStatus(Mode mode, String driverId, PayoutStatus status,
                                                    Pageable pageable);

    @Query("select p.version from PayoutView p where p.id = :id")
    Optional<Long> findVersionById(String id);

    @Query("select coalesce(sum(p.amount), 0) from PayoutView p where p.mode = :mode and p.status in :statuses")
    long sumAmountByModeAndStatusIn(Mode mode, Collection<PayoutStatus> statuses);
}
