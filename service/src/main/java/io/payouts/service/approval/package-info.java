/**
 * Approvals (maker-checker, ADR-0046): the mode's threshold and what waits for a second person. The decisions on a
 * payout and a batch are their own endpoints, beside the payout's and the batch's.
 */
package io.payouts.service.approval;
