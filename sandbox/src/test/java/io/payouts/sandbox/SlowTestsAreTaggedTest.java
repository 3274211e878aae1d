package io.payouts.sandbox;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import io.payouts.testsupport.SlowTestsAreTagged;

/**
 * The fast suite ({@code -DexcludedGroups=application,database}) leaves out exactly the tests that start an
 * application or a database, so every such test of this module carries its tag (ADR-0028).
 */
@AnalyzeClasses(packages = "io.payouts", importOptions = ImportOption.OnlyIncludeTests.class)
class SlowTestsAreTaggedTest {

    @ArchTest
    static final ArchTests rules = ArchTests.in(SlowTestsAreTagged.class);
}
