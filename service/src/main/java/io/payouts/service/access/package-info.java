/**
 * Who may call what (ADR-0009, ADR-0020): users and their roles, sessions, authentication by API key, session
 * token or console cookie, and the scope each endpoint needs ({@code ScopeMatrix}).
 */
package io.payouts.service.access;
