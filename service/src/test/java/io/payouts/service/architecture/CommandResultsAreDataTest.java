package io.payouts.service.architecture;

import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.axonframework.commandhandling.CommandHandler;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;

/**
 * A command's answer crosses whatever bus carries it (Axon Server, when several instances run): it is plain data.
 * A refusal travels as a {@code Refusal} record (code, message, details), never as an exception object inside the
 * answer, and a list travels inside a record, whose component keeps the element type that a bare list loses
 * (ADR-0028).
 */
@AnalyzeClasses(packages = "io.payouts", importOptions = ImportOption.DoNotIncludeTests.class)
class CommandResultsAreDataTest {

    @ArchTest
    static final ArchRule commandHandlersAnswerWithPlainData = methods()
            .that().areAnnotatedWith(CommandHandler.class)
            .should(answerWithPlainData())
            .because("refusals are data (code, message, details) and an answer keeps its types on any command bus "
                    + "(ADR-0028)");

    private static ArchCondition<JavaMethod> answerWithPlainData() {
        return new ArchCondition<>("answer with plain data: no bare collection, no exception inside") {
            @Override
            public void check(JavaMethod method, ConditionEvents events) {
                Type answer = method.reflect().getGenericReturnType();
                Class<?> raw = rawOf(answer);
                if (Collection.class.isAssignableFrom(raw) || Map.class.isAssignableFrom(raw)
                        || Optional.class.isAssignableFrom(raw)) {
                    events.add(SimpleConditionEvent.violated(method, method.getFullName()
                            + " answers with a bare " + raw.getSimpleName() + "; wrap it in a record"));
                }
                findThrowable(answer, new HashSet<>()).ifPresent(found -> events.add(SimpleConditionEvent.violated(
                        method, method.getFullName() + " answers with an exception object inside: " + found)));
            }
        };
    }

    private static Optional<String> findThrowable(Type type, Set<Class<?>> seen) {
        if (type instanceof ParameterizedType parameterized) {
            for (Type argument : parameterized.getActualTypeArguments()) {
                Optional<String> found = findThrowable(argument, seen);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        Class<?> raw = rawOf(type);
        if (Throwable.class.isAssignableFrom(raw)) {
            return Optional.of(raw.getName());
        }
        if (raw.isRecord() && seen.add(raw)) {
            for (RecordComponent component : raw.getRecordComponents()) {
                Optional<String> found = findThrowable(component.getGenericType(), seen);
                if (found.isPresent()) {
                    return Optional.of(raw.getSimpleName() + "." + component.getName() + ": " + found.get());
                }
            }
        }
        return Optional.empty();
    }

    private static Class<?> rawOf(Type type) {
        if (type instanceof Class<?> plain) {
            return plain;
        }
        if (type instanceof ParameterizedType parameterized) {
            return (Class<?>) parameterized.getRawType();
        }
        return Object.class;
    }
}
