package io.payouts.testsupport;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test on a PostgreSQL database of its own, without a Spring application (SQL-level tests of read models, the
 * rail's hand-off, migrations). {@code ./mvnw -B verify -DexcludedGroups=application,database} leaves these out
 * (ADR-0028); the default build runs them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag("database")
public @interface DatabaseTest {
}
