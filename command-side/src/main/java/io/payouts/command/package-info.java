/**
 * The write side: event-sourced aggregates (Driver, and later Payout, Batch, ApiKey, Wallet) and their command
 * handlers. Aggregates import Axon's modelling API and nothing else from a framework (ADR-0003).
 */
package io.payouts.command;
