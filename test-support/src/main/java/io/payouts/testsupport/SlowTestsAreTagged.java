package io.payouts.testsupport;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.conditions.ArchConditions;
import org.junit.jupiter.api.Tag;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;

import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

/**
 * The fast suite ({@code -DexcludedGroups=application,database}) leaves out exactly the tests that start an
 * application or a database, so every such test carries its tag (ADR-0028). Each module with such tests runs this rule
 * over its own test classes:
 * <pre>
 * &#64;AnalyzeClasses(packages = "io.payouts", importOptions = ImportOption.OnlyIncludeTests.class)
 * class SlowTestsAreTaggedTest {
 *     &#64;ArchTest
 *     static final ArchTests rules = ArchTests.in(SlowTestsAreTagged.class);
 * }
 * </pre>
 */
public final class SlowTestsAreTagged {

    private static final DescribedPredicate<JavaClass> STARTS_AN_APPLICATION_OR_A_DATABASE = DescribedPredicate
            .describe("start an application or a database", type -> Stream.concat(Stream.of(type),
                    type.getAllRawSuperclasses().stream()).anyMatch(SlowTestsAreTagged::startsOne));

    private static final DescribedPredicate<JavaClass> TAGGED = DescribedPredicate.describe(
            "tagged application or database (ApplicationTest, DatabaseTest)",
            type -> Stream.concat(Stream.of(type), type.getAllRawSuperclasses().stream())
                    .anyMatch(candidate -> candidate.isMetaAnnotatedWith(Tag.class)));

    @ArchTest
    public static final ArchRule slowTestsAreTagged = classes()
            .that().haveSimpleNameEndingWith("Test").and().areTopLevelClasses()
            .and().doNotHaveSimpleName("SlowTestsAreTaggedTest")
            .and(STARTS_AN_APPLICATION_OR_A_DATABASE)
            .should(ArchConditions.be(TAGGED))
            .allowEmptyShould(true)
            .because("a developer runs the fast suite alone by leaving those tags out (ADR-0028)");

    private SlowTestsAreTagged() {
    }

    private static boolean startsOne(JavaClass type) {
        return type.isAnnotatedWith(SpringBootTest.class)
                || type.getDirectDependenciesFromSelf().stream().anyMatch(dependency -> {
                    JavaClass target = dependency.getTargetClass();
                    return target.isEquivalentTo(TestPostgres.class) || target.isEquivalentTo(ReadModelDatabase.class)
                            || target.isEquivalentTo(Migrations.class)
                            || target.isEquivalentTo(SpringApplicationBuilder.class);
                });
    }
}
