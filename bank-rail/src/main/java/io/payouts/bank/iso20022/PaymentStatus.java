package io.payouts.bank.iso20022;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One status a bank reported in a pain.002.
 *
 * @param originalMessageId     the MsgId of the pain.001 the status is about
 * @param paymentInformationId  the PmtInfId of the block, for block and transaction statuses
 * @param endToEndId            the payment's end-to-end id, for transaction statuses
 * @param isoCode               the status code as the bank wrote it, such as ACSP
 * @param reasons               why, for rejections above all; empty when the bank gave none
 */
public record PaymentStatus(String originalMessageId, StatusScope scope, Optional<String> paymentInformationId,
                            Optional<String> endToEndId, ReportedStatus status, String isoCode,
                            List<BankReason> reasons) {

    public PaymentStatus {
        IsoText.require("original message id", originalMessageId, 35);
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(paymentInformationId, "paymentInformationId");
        Objects.requireNonNull(endToEndId, "endToEndId");
        Objects.requireNonNull(status, "status");
        IsoText.require("status code", isoCode, 4);
        reasons = List.copyOf(reasons);
        if (scope == StatusScope.TRANSACTION && endToEndId.isEmpty()) {
            throw new IllegalArgumentException("a transaction status names its end-to-end id");
        }
        if (scope != StatusScope.MESSAGE && paymentInformationId.isEmpty()) {
            throw new IllegalArgumentException("a " + scope + " status names its payment block");
        }
    }
}
