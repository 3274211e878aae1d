package io.payouts.service.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

/**
 * Every stored event belongs to the sealed family of its aggregate's stream ({@code PayoutEvent}, ...), so a read
 * model subscribes to a family with one handler and its fold can check that it has a rule for every member.
 */
@AnalyzeClasses(packages = "io.payouts.shared", importOptions = ImportOption.DoNotIncludeTests.class)
class EventFamiliesTest {

    @ArchTest
    static final ArchRule everyEventIsAMemberOfItsStreamsSealedFamily = classes()
            .that().resideInAPackage("io.payouts.shared..")
            .and().haveSimpleNameEndingWith("Event")
            .and().areRecords()
            .should(implementASealedFamilyOfTheirPackage())
            .because("a projection subscribes once per family and folds it exhaustively; an event outside every "
                    + "family would reach no read model");

    private static ArchCondition<JavaClass> implementASealedFamilyOfTheirPackage() {
        return new ArchCondition<>("implement a sealed event family of their package") {
            @Override
            public void check(JavaClass event, ConditionEvents events) {
                boolean member = event.getRawInterfaces().stream()
                        .anyMatch(family -> family.getPackageName().equals(event.getPackageName())
                                && family.getSimpleName().endsWith("Event") && family.reflect().isSealed());
                events.add(new SimpleConditionEvent(event, member,
                        event.getName() + (member ? " is" : " is not") + " a member of a sealed event family"));
            }
        };
    }
}
