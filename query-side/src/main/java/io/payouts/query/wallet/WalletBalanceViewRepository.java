package io.payouts.query.wallet;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

import java.util.Optional;

interface WalletBalanceViewRepository extends JpaRepository<WalletBalanceView, String> {

    @Query("select w.walletVersion from WalletBalanceView w where w.id = :id")
    Optional<Long> findWalletVersionById(String id);
}
