/**
 * The command side's part in the work that crosses every module's tables ({@code io.payouts.platform.tables}): what a
 * sandbox reset forgets of the svcDriverId claims, the drivers' standings and the batches' members, and what erasure
 * overwrites in the standings (V2's claims, V11, V13, V17, V30).
 */
package io.payouts.command.tables;
