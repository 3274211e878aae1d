package io.payouts.query.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.KycStatus;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

import java.util.Optional;

interface DriverViewRepository extends JpaRepository<DriverView, String> {

    Optional<DriverView> findByIdAndMode(String id, Mode mode);

    Page<DriverView> findByMode(Mode mode, Pageable pageable);

    Page<DriverView> findByModeAndStatus(Mode mode, DriverStatus status, Pageable pageable);

    Page<DriverView> findByModeAndStatusNotAndKycStatusNot(Mode mode, DriverStatus status, KycStatus kycStatus,
                                                           Pageable pageable);

    @Query("select d.version from DriverView d where d.id = :id")
    Optional<Long> findVersionById(String id);
}
