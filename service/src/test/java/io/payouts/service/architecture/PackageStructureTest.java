package io.payouts.service.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Keeps the package shape of ADR-0028: no package depends on itself through others, in any module, and the service
 * module is layered: platform wiring at the bottom, then the HTTP conventions, access, the capabilities, the sandbox
 * that automates them, and the assembly root that composes the filter chain and the timers.
 */
@AnalyzeClasses(packages = "io.payouts", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageStructureTest {

    private static final String BECAUSE_NO_CYCLES = "a newcomer reads a module from its bottom package up, and a "
            + "package that reaches itself through others has no bottom (ADR-0028)";

    /** The message packages of shared-api name each other's typed ids (a payout names its driver, and so on). */
    private static final String[] SHARED_MESSAGES = {"io.payouts.shared", "io.payouts.shared.apikey",
            "io.payouts.shared.batch", "io.payouts.shared.driver", "io.payouts.shared.payout",
            "io.payouts.shared.wallet", "io.payouts.shared.approval"};

    private static final String SERVICE = "io.payouts.service";
    private static final String PLATFORM = "io.payouts.service.platform..";
    private static final String HTTP = "io.payouts.service.http..";
    private static final String ACCESS = "io.payouts.service.access..";
    private static final String SANDBOX = "io.payouts.service.sandbox..";

    @ArchTest
    static final ArchRule sharedApiHasNoPackageCyclesBesideItsMessages = slices()
            .matching("io.payouts.shared.(**)").should().beFreeOfCycles()
            .ignoreDependency(resideInAnyPackage(SHARED_MESSAGES), resideInAnyPackage(SHARED_MESSAGES))
            .because(BECAUSE_NO_CYCLES);

    @ArchTest
    static final ArchRule commandSideHasNoPackageCycles = slices()
            .matching("io.payouts.command.(**)").should().beFreeOfCycles().because(BECAUSE_NO_CYCLES);

    @ArchTest
    static final ArchRule querySideHasNoPackageCycles = slices()
            .matching("io.payouts.query.(**)").should().beFreeOfCycles().because(BECAUSE_NO_CYCLES);

    @ArchTest
    static final ArchRule webhookProjectorHasNoPackageCycles = slices()
            .matching("io.payouts.webhook.(**)").should().beFreeOfCycles().because(BECAUSE_NO_CYCLES);

    /** The rail is one package today; the rule holds its future ones to the same standard. */
    @ArchTest
    static final ArchRule payoutRailHasNoPackageCycles = slices()
            .matching("io.payouts.rail.(**)").should().beFreeOfCycles().allowEmptyShould(true)
            .because(BECAUSE_NO_CYCLES);

    @ArchTest
    static final ArchRule platformHasNoPackageCycles = slices()
            .matching("io.payouts.platform.(**)").should().beFreeOfCycles().because(BECAUSE_NO_CYCLES);

    @ArchTest
    static final ArchRule serviceHasNoPackageCycles = slices()
            .matching("io.payouts.service.(**)").should().beFreeOfCycles().because(BECAUSE_NO_CYCLES);

    /**
     * A capability (driver, payout, batch, wallet, apikey, webhook, audit, erasure, console, openapi, operations,
     * projection) is every service package that is none of the layers around it.
     */
    private static final DescribedPredicate<JavaClass> CAPABILITY = DescribedPredicate.describe("a capability",
            type -> type.getPackageName().startsWith(SERVICE + ".")
                    && !resideInAnyPackage(PLATFORM, HTTP, ACCESS, SANDBOX).test(type));

    @ArchTest
    static final ArchRule serviceLayersUseOnlyTheLayersBelowThem = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("assembly").definedBy(resideInAPackage(SERVICE))
            .layer("sandbox").definedBy(SANDBOX)
            .layer("capabilities").definedBy(CAPABILITY)
            .layer("access").definedBy(ACCESS)
            .layer("http conventions").definedBy(HTTP)
            .layer("platform").definedBy(PLATFORM)
            .whereLayer("assembly").mayNotBeAccessedByAnyLayer()
            .whereLayer("sandbox").mayOnlyBeAccessedByLayers("assembly")
            .whereLayer("capabilities").mayOnlyBeAccessedByLayers("sandbox", "assembly")
            .whereLayer("access").mayOnlyBeAccessedByLayers("capabilities", "sandbox", "assembly")
            .whereLayer("http conventions").mayOnlyBeAccessedByLayers("access", "capabilities", "sandbox", "assembly")
            .whereLayer("platform")
            .mayOnlyBeAccessedByLayers("http conventions", "access", "capabilities", "sandbox", "assembly")
            .because("the edge is read from the bottom up: platform wiring, the HTTP conventions every endpoint "
                    + "follows, who may call, what the service does, the sandbox that automates it, and the "
                    + "assembly that composes the filter chain and the timers (ADR-0028)");
}
