/**
 * The bank rail's views for people (ADR-0033, ADR-0034): the problems it parked for admins, and the credits it could
 * not match to a top-up, for finance. Both lists are empty while production is not paid through a bank.
 */
package io.payouts.service.bank;
