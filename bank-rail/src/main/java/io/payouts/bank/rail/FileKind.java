package io.payouts.bank.rail;

/** A file of a cut-off's standard payments, or one instant payment's own. */
enum FileKind {
    STANDARD,
    INSTANT
}
