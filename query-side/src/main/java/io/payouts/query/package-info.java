/**
 * The read side: streaming projections of stored events into Postgres read models, and the query handlers over
 * them. Never imports the command side (ADR-0003).
 */
package io.payouts.query;
