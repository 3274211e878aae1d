package io.payouts.service.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.modelling.saga.SagaEventHandler;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every processing group is named in {@link ProcessingGroups} and nowhere else: each event handler's group is one of
 * its names, each name belongs to one handler, and the configuration only configures those names.
 */
class ProcessingGroupsTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.payouts");

    /** A base class's handlers run in the groups of the classes that extend it. */
    @Test
    void everyEventHandlerNamesItsGroup() {
        List<String> unnamed = CLASSES.stream()
                .filter(type -> type.getMethods().stream().anyMatch(method -> method.isAnnotatedWith(EventHandler.class)
                        || method.isAnnotatedWith(SagaEventHandler.class)))
                .filter(type -> !type.getModifiers().contains(JavaModifier.ABSTRACT))
                .filter(type -> !type.isAnnotatedWith(ProcessingGroup.class))
                .map(JavaClass::getName).toList();

        assertThat(unnamed).as("event handlers in a group named after their package").isEmpty();
    }

    @Test
    void eachNameInTheRegistryIsTheGroupOfOneHandler() {
        Map<String, List<String>> handlersByGroup = CLASSES.stream()
                .filter(type -> type.isAnnotatedWith(ProcessingGroup.class))
                .collect(Collectors.groupingBy(ProcessingGroupsTest::groupOf,
                        Collectors.mapping(JavaClass::getName, Collectors.toList())));

        assertThat(handlersByGroup.keySet()).as("the groups the handlers name")
                .containsExactlyInAnyOrderElementsOf(names());
        assertThat(handlersByGroup.values()).allSatisfy(handlers -> assertThat(handlers).hasSize(1));
    }

    @Test
    void theConfigurationConfiguresOnlyTheRegistrysGroups() throws IOException {
        Map<String, Object> processors;
        try (InputStream yaml = getClass().getResourceAsStream("/application.yml")) {
            Map<String, Object> root = new Yaml().load(yaml);
            processors = section(section(section(root, "axon"), "eventhandling"), "processors");
        }

        assertThat(processors.keySet()).isNotEmpty().isSubsetOf(names());
    }

    private static String groupOf(JavaClass handler) {
        return handler.getAnnotationOfType(ProcessingGroup.class).value();
    }

    /** The values of the registry's constants. */
    private static List<String> names() {
        return Arrays.stream(ProcessingGroups.class.getDeclaredFields())
                .filter(field -> Modifier.isStatic(field.getModifiers()) && field.getType() == String.class)
                .map(ProcessingGroupsTest::value).toList();
    }

    private static String value(Field field) {
        try {
            return (String) field.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> section(Map<String, Object> parent, String key) {
        return (Map<String, Object>) parent.get(key);
    }
}
