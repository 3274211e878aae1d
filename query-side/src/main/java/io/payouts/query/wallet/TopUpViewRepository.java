package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import org.springframework.data.jpa.repository.JpaRepository;

import java.util.Optional;

interface TopUpViewRepository extends JpaRepository<TopUpView, String> {

    Optional<TopUpView> findByIdAndMode(String id, Mode mode);
}
