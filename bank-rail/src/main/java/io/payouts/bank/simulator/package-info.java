/**
 * A bank for local runs and tests: an SFTP server on loopback ({@link io.payouts.bank.simulator.BankSftpServer}) and a
 * {@link io.payouts.bank.simulator.BankSimulator} that answers the pain.001 files put into its {@code outbound} folder
 * with pain.002 status reports and camt.054 notifications in {@code inbound}, by {@link
 * io.payouts.bank.simulator.SimulatorRules}.
 */
package io.payouts.bank.simulator;
