package io.payouts.bank;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Keeps bank-rail a library of three parts and the two rails built on it: the file formats and the transport know
 * nothing of each other, only the simulator (a bank) uses both, prowide's model stays behind the format package's own
 * types, and only the rail packages know Spring, Axon and the payout rail's port. The provider rail takes nothing from
 * the bank rail but the port through which both read a driver's bank account.
 */
@AnalyzeClasses(packages = "io.payouts.bank", importOptions = ImportOption.DoNotIncludeTests.class)
class BankRailShapeTest {

    private static final String[] LIBRARY = {"io.payouts.bank.iso20022..", "io.payouts.bank.sftp..",
            "io.payouts.bank.simulator.."};

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("io.payouts.bank.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule formatsAndTransportStayApart = noClasses()
            .that().resideInAPackage("io.payouts.bank.iso20022..")
            .should().dependOnClassesThat().resideInAnyPackage("io.payouts.bank.sftp..", "io.payouts.bank.simulator..")
            .because("a file is the same whichever way it travels");

    @ArchTest
    static final ArchRule transportKnowsNoFormat = noClasses()
            .that().resideInAPackage("io.payouts.bank.sftp..")
            .should().dependOnClassesThat().resideInAnyPackage("io.payouts.bank.iso20022..",
                    "io.payouts.bank.simulator..", "com.prowidesoftware..")
            .because("the channel carries bytes");

    @ArchTest
    static final ArchRule prowideStaysInsideTheFormatsAndTheBank = noClasses()
            .that().resideOutsideOfPackages("io.payouts.bank.iso20022..", "io.payouts.bank.simulator..")
            .should().dependOnClassesThat().resideInAPackage("com.prowidesoftware..")
            .because("the service sees plain records, so the ISO 20022 library can change without it");

    @ArchTest
    static final ArchRule theLibraryKnowsNoOtherModule = noClasses()
            .that().resideInAnyPackage(LIBRARY)
            .should().dependOnClassesThat().resideInAnyPackage("io.payouts.command..", "io.payouts.query..",
                    "io.payouts.service..", "io.payouts.rail..", "io.payouts.webhook..", "io.payouts.bank.rail..",
                    "io.payouts.bank.provider..", "org.springframework..", "org.axonframework..")
            .because("the files, the channel and the simulated bank are a library the rail wires in");

    @ArchTest
    static final ArchRule theRailsUseTheMessagesAndThePortOnly = noClasses()
            .that().resideInAnyPackage("io.payouts.bank.rail..", "io.payouts.bank.provider..")
            .should().dependOnClassesThat().resideInAnyPackage("io.payouts.command..", "io.payouts.query..",
                    "io.payouts.service..", "io.payouts.webhook..")
            .because("the bank and provider rails implement payout-rail's port and move payouts by commands, as any "
                    + "rail does; the provider signs with platform's signature, not the webhook projector's "
                    + "(ADR-0024, ADR-0031, ADR-0036)");

    @ArchTest
    static final ArchRule theBankRailKnowsNothingOfTheProviderRail = noClasses()
            .that().resideInAPackage("io.payouts.bank.rail..")
            .should().dependOnClassesThat().resideInAPackage("io.payouts.bank.provider..")
            .because("either rail pays production alone, chosen by payouts.rail.production (ADR-0031, ADR-0036)");

    @ArchTest
    static final ArchRule theProviderRailTakesNothingFromTheBankRail = noClasses()
            .that().resideInAPackage("io.payouts.bank.provider..")
            .should().dependOnClassesThat().resideInAnyPackage("io.payouts.bank.rail..", "io.payouts.bank.iso20022..",
                    "io.payouts.bank.sftp..", "io.payouts.bank.simulator..")
            .because("the provider rail reads the drivers' accounts through shared-api's port, as the bank rail does, "
                    + "and shares no outbox, file or channel with it (ADR-0036)");
}
