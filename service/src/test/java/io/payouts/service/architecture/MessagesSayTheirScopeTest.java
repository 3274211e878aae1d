package io.payouts.service.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.payouts.shared.BatchScoped;
import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.WalletScoped;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.WalletId;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Map;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Messages say what routing, the sandbox gate and the audit log need as types: a command or event with a
 * mode, wallet, driver, payout or batch component implements the interface that says so, and the places that read
 * them (routing and the other platform code, the sandbox, the audit log's facts) never read a record's components by
 * reflection. The audit API's rendering of an event's data ({@code EventData}) and the OpenAPI document's completion of
 * the response records' schemas ({@code ResponseRecords}) describe a record's whole shape, not what it is about, and
 * stay outside this rule.
 */
@AnalyzeClasses(packages = "io.payouts", importOptions = ImportOption.DoNotIncludeTests.class)
class MessagesSayTheirScopeTest {

    /** The component a message names, and the interface that says it names it. */
    private static final Map<String, Class<?>> SCOPES = Map.of(
            "mode", ModeScoped.class,
            "walletId", WalletScoped.class,
            "driverId", DriverScoped.class,
            "payoutId", PayoutScoped.class,
            "batchId", BatchScoped.class);
    private static final Map<String, Class<?>> COMPONENT_TYPES = Map.of(
            "mode", Mode.class,
            "walletId", WalletId.class,
            "driverId", DriverId.class,
            "payoutId", PayoutId.class,
            "batchId", BatchId.class);

    @ArchTest
    static final ArchRule everyMessageSaysWhatItIsAbout = classes()
            .that(areMessages())
            .should(implementTheScopeOfEachComponent())
            .because("routing, the sandbox gate and the audit log read a message's mode and ids through types, not "
                    + "through reflection over record components (ADR-0029)");

    @ArchTest
    static final ArchRule noReflectionOverRecordComponentsWhereMessagesAreRead = noClasses()
            .that().resideInAnyPackage("io.payouts.platform..", "io.payouts.sandbox..",
                    "io.payouts.command..", "io.payouts.query..", "io.payouts.rail..", "io.payouts.webhook..")
            .or().haveSimpleName("EventFacts")
            .should().callMethod(Class.class, "getRecordComponents")
            .orShould().dependOnClassesThat().areAssignableTo(RecordComponent.class)
            .because("a message says its mode and ids as types (ModeScoped and its kin)");

    private static DescribedPredicate<JavaClass> areMessages() {
        return DescribedPredicate.describe("commands and events of shared-api",
                type -> type.getPackageName().startsWith("io.payouts.shared")
                        && (type.getSimpleName().endsWith("Command") || type.getSimpleName().endsWith("Event")));
    }

    private static ArchCondition<JavaClass> implementTheScopeOfEachComponent() {
        return new ArchCondition<>("implement the scope interface of each mode, wallet, driver, payout and batch "
                + "component") {
            @Override
            public void check(JavaClass message, ConditionEvents events) {
                Class<?> type = message.reflect();
                if (!type.isRecord()) {
                    return;
                }
                Arrays.stream(type.getRecordComponents())
                        .filter(component -> COMPONENT_TYPES.get(component.getName()) == component.getType())
                        .forEach(component -> {
                            Class<?> scope = SCOPES.get(component.getName());
                            boolean says = scope.isAssignableFrom(type);
                            events.add(new SimpleConditionEvent(message, says, "%s has a %s component and %s %s"
                                    .formatted(type.getName(), component.getName(),
                                            says ? "implements" : "does not implement", scope.getSimpleName())));
                        });
            }
        };
    }
}
