/**
 * How events stored under an earlier revision are read today (issue #24): one upcaster per change of a stored
 * payload, applied by the event store and the audit log alike.
 */
package io.payouts.platform.upcasting;
