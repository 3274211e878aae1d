package io.payouts.shared;

/**
 * A message of one mode's world, which says so as a type: the command bus routes it to the instance that
 * holds that mode's wallet (ADR-0029), the sandbox gate holds it during a reset (ADR-0015) and the audit log files
 * it under its mode (ADR-0027). Every command and event with a {@code mode} component implements it; a record's
 * accessor is the implementation.
 */
public interface ModeScoped {

    Mode mode();
}
