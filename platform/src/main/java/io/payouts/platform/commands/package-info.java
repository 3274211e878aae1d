/**
 * How a command is sent: {@link io.payouts.platform.commands.Commands}, the one sender every module uses,
 * with the audit metadata of its {@link io.payouts.platform.commands.Origin}, routed by its mode's wallet
 * ({@link io.payouts.platform.commands.WalletRouting}, ADR-0029).
 */
package io.payouts.platform.commands;
