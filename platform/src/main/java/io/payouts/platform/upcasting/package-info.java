/**
 * How events stored under an earlier revision are read today: one upcaster per change of a stored
 * payload, applied by the event store and the audit log alike.
 */
package io.payouts.platform.upcasting;
