package io.payouts.service.fuzz;

/**
 * A request broken on purpose. {@code field} is what a 400 must name (a body field's path such as
 * {@code payouts[1].amount}, a parameter, a header), or null where any name will do. {@code expectRefusal}: the
 * service should refuse it, so it is sent while writes can still be compared; an acceptance is noted, and fails
 * only when the document's request schema refuses the body too ({@link Checks}).
 * {@code malformedHttp}: the web server may refuse it before any operation sees it (an undecodable path, a header
 * over its limit), with the envelope's 400 INVALID_REQUEST that no operation lists.
 */
record Mutation(String family, RawRequest request, String field, boolean expectRefusal, boolean malformedHttp) {

    Mutation(String family, RawRequest request, String field, boolean expectRefusal) {
        this(family, request, field, expectRefusal, false);
    }
}
