package io.payouts.shared.apikey;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;

/** A page of all keys for administrators, newest first; null filters match everything. */
public record FindApiKeysQuery(Mode mode, ApprovalStatus status, PageRequest pageRequest) {
}
