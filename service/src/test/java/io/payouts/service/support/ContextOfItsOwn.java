package io.payouts.service.support;

import org.springframework.test.annotation.DirtiesContext;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class whose application context no other class shares (properties of its own): the context closes once
 * the class has run. Spring's context cache would otherwise keep it until the JVM exits, with its event processors,
 * the rail, the webhook dispatcher and the scheduler still polling: an idle service and its database take about a
 * tenth of a core, and one test JVM used to gather ten of them. Not for a context that several classes share
 * (HttpIntegrationTest): each of them would start it again.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@DirtiesContext
public @interface ContextOfItsOwn {
}
