package io.payouts.query.batch;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchStatus;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** One derived query per filter combination, so each uses its index (V8). */
interface BatchViewRepository extends JpaRepository<BatchView, String> {

    /** One statement, no read first; a redelivered creation inserts nothing. */
    @Modifying
    @Query(nativeQuery = true, value = """
            insert into batch_view (id, mode, name, rail, status, payout_count, total_amount, total_fees, net_amount,
                                    scheduled_for, created_at, version)
            values (:id, :mode, :name, :rail, 'QUEUED', :payoutCount, :totalAmount, :totalFees, :netAmount,
                    :scheduledFor, :createdAt, :version)
            on conflict (id) do nothing""")
    void insertIfAbsent(String id, String mode, String name, String rail, int payoutCount, long totalAmount,
                        long totalFees, long netAmount, Instant scheduledFor, Instant createdAt, long version);

    Optional<BatchView> findByIdAndMode(String id, Mode mode);

    @Query("select b.version from BatchView b where b.id = :id")
    Optional<Long> findVersionById(String id);

    Page<BatchView> findByMode(Mode mode, Pageable pageable);

    Page<BatchView> findByModeAndStatus(Mode mode, BatchStatus status, Pageable pageable);

    Page<BatchView> findByModeAndScheduledForIsNotNull(Mode mode, Pageable pageable);

    Page<BatchView> findByModeAndStatusAndScheduledForIsNotNull(Mode mode, BatchStatus status, Pageable pageable);

    @Query("""
            select b.status, count(b) from BatchView b
            where b.mode = :mode and b.scheduledFor is not null group by b.status""")
    List<Object[]> countScheduledByStatus(Mode mode);

    @Query("""
            select coalesce(sum(b.totalAmount), 0) from BatchView b
            where b.mode = :mode and b.status = io.payouts.shared.batch.BatchStatus.QUEUED
              and b.scheduledFor is not null""")
    long sumScheduledQueuedAmount(Mode mode);

    @Query("""
            select min(b.scheduledFor) from BatchView b
            where b.mode = :mode and b.status = io.payouts.shared.batch.BatchStatus.QUEUED""")
    Optional<Instant> findNextScheduled(Mode mode);

    List<BatchView> findByModeAndStatus(Mode mode, BatchStatus status);
}
