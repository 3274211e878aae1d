package io.payouts.service.architecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.payouts.platform.commands.Commands;
import io.payouts.platform.queries.Queries;
import io.payouts.service.http.Gateways;
import jakarta.validation.Validator;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.RestController;

import javax.sql.DataSource;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Where a capability has an application service, its endpoints map HTTP onto it and reach nothing behind it; and
 * a body is checked by Bean Validation alone, its items too ({@code BulkItemRules}), never by a hand-called validator.
 */
@AnalyzeClasses(packages = "io.payouts.service", importOptions = ImportOption.DoNotIncludeTests.class)
class EndpointsMapHttpTest {

    private static final String[] CAPABILITIES = {"io.payouts.service.payout..", "io.payouts.service.driver..",
            "io.payouts.service.batch..", "io.payouts.service.wallet..", "io.payouts.service.bankaccount..",
            "io.payouts.service.apikey..", "io.payouts.service.webhook..", "io.payouts.service.approval..",
            "io.payouts.service.sandbox..", "io.payouts.service.audit.."};

    @ArchTest
    static final ArchRule endpointsOfACapabilityWithAnApplicationServiceGoThroughIt = noClasses()
            .that().areAnnotatedWith(RestController.class)
            .and().resideInAnyPackage(CAPABILITIES)
            .should().dependOnClassesThat(assignableTo(Gateways.class).or(assignableTo(Commands.class))
                    .or(assignableTo(Queries.class)).or(assignableTo(EventStore.class)))
            .because("these endpoints only map HTTP onto their capability's application service (Payouts, Drivers, "
                    + "Batches, Funding, DriverBankAccounts, KeyOperations, InboundOutcomes, Approvals), which sends the commands "
                    + "and asks the queries");

    @ArchTest
    static final ArchRule noEndpointOfACapabilityRunsSql = noClasses()
            .that().areAnnotatedWith(RestController.class)
            .and().resideInAnyPackage(CAPABILITIES)
            .should().dependOnClassesThat(assignableTo(JdbcTemplate.class).or(assignableTo(DataSource.class)))
            .because("an endpoint's reads are its capability's, in the module that owns the tables they read");

    @ArchTest
    static final ArchRule noEndpointCallsAValidatorByHand = noClasses()
            .that().areAnnotatedWith(RestController.class)
            .should().dependOnClassesThat(assignableTo(Validator.class))
            .because("a body is checked by @Valid, an item of a bulk body by BulkItemRules, so that both report "
                    + "every field they break in the same words");
}
