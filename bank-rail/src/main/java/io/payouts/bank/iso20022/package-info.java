/**
 * The ISO 20022 files a bank exchanges with the company: pain.001.001.09 credit-transfer initiations going out,
 * pain.002.001.10 status reports and camt.054.001.08 debit/credit notifications coming back. Plain value types in,
 * plain value types out; the prowide JAXB model stays inside this package.
 */
package io.payouts.bank.iso20022;
