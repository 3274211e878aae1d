package io.payouts.testsupport;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test that starts a Spring application (the service, or a part of it) on PostgreSQL: seconds to start, where the
 * rest of the suite takes milliseconds a test. {@code ./mvnw -B verify -DexcludedGroups=application,database} leaves
 * these out (ADR-0028); the default build runs them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag("application")
public @interface ApplicationTest {
}
