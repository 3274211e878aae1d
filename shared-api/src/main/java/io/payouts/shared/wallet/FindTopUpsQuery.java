package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;

/** A page of the mode's top-ups, newest first; a null status lists pending and settled ones ({@link TopUp}). */
public record FindTopUpsQuery(Mode mode, String status, PageRequest pageRequest) {
}
