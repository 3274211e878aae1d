/**
 * The command side's part in the work that crosses every module's tables (issue #24,
 * {@code io.payouts.platform.tables}): what a sandbox reset forgets of the svcDriverId claims, the drivers' standings
 * and the batches' members, and what erasure overwrites in the standings (V2's claims, V11, V13, V17).
 */
package io.payouts.command.tables;
