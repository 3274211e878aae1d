package io.payouts.bank.iso20022;

/** How fast a payment must arrive: through the standard batch scheme or the instant one. */
public enum Urgency {
    STANDARD,
    INSTANT
}
