/**
 * What the modules' infrastructure shares, below every module but {@code shared-api}: one answer each to how a
 * command is sent, how a failure crosses the bus, where the event stream stands and how a request is signed.
 */
package io.payouts.platform;
