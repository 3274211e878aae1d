/**
 * How a query is asked: {@link io.payouts.platform.queries.Queries}, a call of the one handler of the query's class
 * in this JVM (ADR-0049).
 */
package io.payouts.platform.queries;
