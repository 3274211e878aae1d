package io.payouts.service.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.AccessTarget.CodeUnitAccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.payouts.PayoutServiceApplication;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.queryhandling.QueryBus;
import org.axonframework.queryhandling.QueryGateway;
import org.axonframework.serialization.Revision;
import org.axonframework.spring.stereotype.Aggregate;

import java.time.Instant;
import java.util.UUID;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Keeps the module shape of ADR-0003 honest: one JVM, but shared-api is messages only, the command and query
 * sides never see each other, and only the service module may know about the service module.
 */
@AnalyzeClasses(packages = "io.payouts", importOptions = ImportOption.DoNotIncludeTests.class)
class ModuleBoundariesTest {

    private static final String SHARED = "io.payouts.shared..";
    private static final String COMMAND = "io.payouts.command..";
    private static final String QUERY = "io.payouts.query..";
    private static final String WEBHOOK = "io.payouts.webhook..";
    private static final String SERVICE = "io.payouts.service..";
    private static final String RAIL = "io.payouts.rail..";
    private static final String AUDIT = "io.payouts.audit..";
    private static final String BANK = "io.payouts.bank..";
    private static final String SANDBOX = "io.payouts.sandbox..";
    private static final String SHARED_EVENT_HANDLING = "io.payouts.shared.eventhandling..";
    private static final String PLATFORM = "io.payouts.platform..";

    @ArchTest
    static final ArchRule sharedApiDependsOnlyOnTheJdkAndAxonMessageAnnotations = classes()
            .that().resideInAPackage(SHARED).and().resideOutsideOfPackage(SHARED_EVENT_HANDLING)
            .should().onlyDependOnClassesThat(
                    resideInAnyPackage("java..", "org.axonframework.modelling.command..", SHARED)
                            .or(equivalentTo(Revision.class)))
            .because("shared-api holds messages only and depends on the JDK and Axon's modelling annotations, "
                    + "never on Spring, JPA or Jackson (ADR-0003)");

    @ArchTest
    static final ArchRule sharedEventHandlingDependsOnlyOnAxonsUnitOfWork = classes()
            .that().resideInAPackage(SHARED_EVENT_HANDLING)
            .should().onlyDependOnClassesThat(
                    resideInAnyPackage("java..", "org.axonframework.messaging.unitofwork..", SHARED))
            .because("the batched event handler is shared by the read models, the rail and the command side, and "
                    + "needs Axon's unit of work and nothing else (ADR-0024)");

    @ArchTest
    static final ArchRule thePlatformSitsBelowEveryModule = noClasses()
            .that().resideInAPackage(PLATFORM)
            .should().dependOnClassesThat().resideInAnyPackage(COMMAND, QUERY, WEBHOOK, RAIL, BANK, AUDIT, SANDBOX, SERVICE)
            .because("the platform is what every module's infrastructure shares, on shared-api alone");

    @ArchTest
    static final ArchRule theAuditTrailReadsEventsNeverDecides = noClasses()
            .that().resideInAPackage(AUDIT)
            .should().dependOnClassesThat().resideInAnyPackage(COMMAND, RAIL, BANK)
            .because("the audit trail copies, chains and reads what was stored; it decides nothing and pays nobody, "
                    + "so it reads events, the read models it answers as of an instant from and the webhook renderings "
                    + "its events share");

    @ArchTest
    static final ArchRule theSandboxActsThroughCommands = noClasses()
            .that().resideInAPackage(SANDBOX)
            .should().dependOnClassesThat().resideInAnyPackage(COMMAND, RAIL, BANK, WEBHOOK, AUDIT)
            .because("the sandbox plants and clears its world through the commands the API sends and the hooks each "
                    + "module implements for its own tables (ADR-0015), never through another module's internals");

    @ArchTest
    static final ArchRule everyCommandIsSentThroughCommands = noClasses()
            .that().resideOutsideOfPackage(PLATFORM)
            .should().dependOnClassesThat().areAssignableTo(CommandGateway.class)
            .because("a command is sent one way, with its origin's metadata, and a refusal that crossed the bus comes "
                    + "back as its exception in one place: io.payouts.platform.commands.Commands");

    @ArchTest
    static final ArchRule everyQueryIsAskedThroughQueries = noClasses()
            .should().dependOnClassesThat().areAssignableTo(QueryGateway.class)
            .orShould().dependOnClassesThat().areAssignableTo(QueryBus.class)
            .because("a query is asked one way, a call of its handler in this JVM: io.payouts.platform.queries.Queries "
                    + "(ADR-0049)");

    @ArchTest
    static final ArchRule theRailDependsOnTheMessagesOnly = noClasses()
            .that().resideInAPackage(RAIL)
            .should().dependOnClassesThat().resideInAnyPackage(COMMAND, QUERY, WEBHOOK)
            .because("the rail is a module of its own on shared-api, so a real rail replaces it without touching "
                    + "the domain (ADR-0024)");

    @ArchTest
    static final ArchRule querySideNeverDependsOnCommandSide = noClasses()
            .that().resideInAPackage(QUERY)
            .should().dependOnClassesThat().resideInAPackage(COMMAND)
            .because("read models are built from events in shared-api, not from command-side internals (ADR-0003)");

    @ArchTest
    static final ArchRule commandSideNeverDependsOnQuerySideOrWebhookProjector = noClasses()
            .that().resideInAPackage(COMMAND)
            .should().dependOnClassesThat().resideInAnyPackage(QUERY, WEBHOOK)
            .because("decisions are made from the aggregate's own history, never from a read model (ADR-0003)");

    @ArchTest
    static final ArchRule webhookProjectorNeverDependsOnCommandOrQuerySide = noClasses()
            .that().resideInAPackage(WEBHOOK)
            .should().dependOnClassesThat().resideInAnyPackage(COMMAND, QUERY)
            .because("the webhook projector reads events only (ADR-0003)");

    @ArchTest
    static final ArchRule onlyTheServiceModuleDependsOnTheServiceModule = noClasses()
            .that().resideOutsideOfPackage(SERVICE)
            .and().doNotBelongToAnyOf(PayoutServiceApplication.class)
            .should().dependOnClassesThat().resideInAPackage(SERVICE)
            .because("the service module is the deployable edge; the modules it assembles must not reach back "
                    + "into it (ADR-0003)");

    @ArchTest
    static final ArchRule aggregatesImportNoSpringJpaOrJackson = noClasses()
            .that().areAnnotatedWith(Aggregate.class)
            .should().dependOnClassesThat().resideInAnyPackage(
                    "org.springframework..", "jakarta.persistence..", "com.fasterxml..")
            .because("aggregates import Axon annotations and AggregateLifecycle, nothing else from a framework "
                    + "(ADR-0003)");

    @ArchTest
    static final ArchRule eventsAreRevisionedRecords = classes()
            .that().resideInAPackage(SHARED)
            .and().haveSimpleNameEndingWith("Event")
            .and().areNotInterfaces()
            .should().beRecords()
            .andShould().beAnnotatedWith(Revision.class)
            .because("an event's class name and @Revision are a stored contract, carried by an immutable record "
                    + "(ADR-0003)");

    @ArchTest
    static final ArchRule domainCodeTakesTimeAndIdsFromCommands = noClasses()
            .that().resideInAnyPackage(COMMAND, QUERY, SHARED)
            .should().accessTargetWhere(noArgStaticCallTo(Instant.class, "now"))
            .orShould().accessTargetWhere(noArgStaticCallTo(UUID.class, "randomUUID"))
            .because("time and new ids come in on the command, made at the edge by an injected Clock and id "
                    + "generator, so fixtures are deterministic and history replays (ADR-0003)");

    /** Matches a call or a method reference ({@code Instant::now}) to the no-argument overload. */
    private static DescribedPredicate<JavaAccess<?>> noArgStaticCallTo(Class<?> owner, String methodName) {
        return DescribedPredicate.describe(owner.getName() + "." + methodName + "()",
                access -> access.getTarget() instanceof CodeUnitAccessTarget target
                        && target.getOwner().isEquivalentTo(owner)
                        && target.getName().equals(methodName)
                        && target.getRawParameterTypes().isEmpty());
    }
}
