/**
 * The service module: the HTTP edge and the assembly of all modules into one deployable (ADR-0028). Its root
 * package composes what must be read in one place: the order of the request filters ({@code RequestFilterChain})
 * and everything that runs on a timer ({@code Scheduling}). Below it, from the top: the sandbox, the capabilities
 * (one package each, named as in the other modules), access, the HTTP conventions and the platform wiring;
 * {@code PackageStructureTest} checks that each uses only those below it.
 */
package io.payouts.service;
