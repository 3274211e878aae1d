package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.TransactionType;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;

interface FundingTransactionViewRepository extends JpaRepository<FundingTransactionView, String> {

    Page<FundingTransactionView> findByMode(Mode mode, Pageable pageable);

    Page<FundingTransactionView> findByModeAndType(Mode mode, TransactionType type, Pageable pageable);
}
