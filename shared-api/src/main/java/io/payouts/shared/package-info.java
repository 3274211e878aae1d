/**
 * Messages shared by every module: commands, events, queries, query results, typed ids and error codes.
 * Plain Java records that depend on the JDK and Axon's modelling annotations only (ADR-0003).
 */
package io.payouts.shared;
