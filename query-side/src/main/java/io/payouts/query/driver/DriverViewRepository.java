package io.payouts.query.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.KycStatus;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.transaction.annotation.Transactional;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

interface DriverViewRepository extends JpaRepository<DriverView, String> {

    Optional<DriverView> findByIdAndMode(String id, Mode mode);

    boolean existsByIdAndMode(String id, Mode mode);

    Page<DriverView> findByMode(Mode mode, Pageable pageable);

    Page<DriverView> findByModeAndStatus(Mode mode, DriverStatus status, Pageable pageable);

    Page<DriverView> findByModeAndStatusNotAndKycStatusNot(Mode mode, DriverStatus status, KycStatus kycStatus,
                                                           Pageable pageable);

    @Query("select d.version from DriverView d where d.id = :id")
    Optional<Long> findVersionById(String id);

    /** Each element is {id, name}. */
    @Query("select d.id, d.name from DriverView d where d.id in :ids")
    List<Object[]> findNamesByIdIn(Collection<String> ids);

    /**
     * Changes only the pending count, in the database, so it never races the driver fields of the same row.
     * Flushes first, so a registration saved earlier in the same batch is there to update.
     *
     * @return the number of rows changed: 0 when the driver is not projected
     */
    @Transactional
    @Modifying(flushAutomatically = true)
    @Query(value = "update driver_view set pending_payouts = pending_payouts + :delta where id = :id",
            nativeQuery = true)
    int addToPendingPayouts(String id, long delta);

    /** A completed payout: paid in full, and no longer pending. As {@link #addToPendingPayouts}. */
    @Transactional
    @Modifying(flushAutomatically = true)
    @Query(value = "update driver_view set total_paid = total_paid + :amount, pending_payouts = pending_payouts - 1"
            + " where id = :id", nativeQuery = true)
    int recordCompletedPayout(String id, long amount);
}
