package io.payouts.service.wallet;

/** How a funding statement is answered: the JSON envelope (default) or CSV, chosen by {@code ?format=}. */
public enum StatementFormat {
    JSON, CSV
}
