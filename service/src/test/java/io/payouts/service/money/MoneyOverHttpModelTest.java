package io.payouts.service.money;

import io.payouts.service.support.ContextOfItsOwn;
import io.payouts.service.support.ServiceOverHttp;
import io.payouts.service.support.WalletInvariant;
import io.payouts.testsupport.TestPostgres;
import io.payouts.testsupport.money.MoneyModel;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeProperty;
import net.jqwik.api.state.ActionChain;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestContextManager;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The money through the HTTP API, held to the same reference model as the command side ({@link MoneyModel}): short
 * random sequences of top-ups, single, instant and bulk payouts (some with the sandbox scenario payout_failed),
 * cancels, retries, batches created, released and run, the rail's reports through the inbound webhook (repeated
 * ones too) and sandbox resets, some steps sent by two senders at once, while the simulated rail moves the payouts on
 * by itself. The model cannot know how far the rail got when a request arrived, nor in which order two concurrent
 * requests were decided: it accepts an answer when some order and some of the rail's own moves explain it, and goes on
 * from there. After every step the payouts and the balance read over HTTP come to agree with the model, and the
 * wallet's invariant holds ({@link WalletInvariant}); at the end, once the rail is done, every payout and batch ends
 * as the model says.
 *
 * <p>Each try starts from a reset sandbox. jqwik runs it; the service is the HTTP tests' but on a database and in a
 * context of its own, since its resets and its senders would pull the sandbox from under other classes; Spring's own
 * test context manager prepares it and closes it. {@code -Djqwik.tries.default} and {@code -Dmoney.http.steps} make
 * the run longer (reliability/model.sh).
 */
@Tag("application")
@ContextOfItsOwn
class MoneyOverHttpModelTest extends ServiceOverHttp {

    private static final int STEPS = Integer.getInteger("money.http.steps", 10);

    private static TestContextManager spring;

    @Autowired
    private Environment environment;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(MoneyOverHttpModelTest.class, registry);
    }

    @BeforeProperty
    void startTheServiceOnItsOwnDatabase() throws Exception {
        spring = new TestContextManager(getClass());
        spring.prepareTestInstance(this);
        assertThat(environment.getProperty("spring.datasource.url"))
                .as("the database of this class, not the one the HTTP tests share")
                .isEqualTo(TestPostgres.urlOwnedBy(MoneyOverHttpModelTest.class));
    }

    @AfterContainer
    static void closeTheService() throws Exception {
        if (spring != null) {
            spring.afterTestClass();
        }
    }

    @Property
    void theServiceKeepsTheMoneyAsTheModelDoesOverHttp(@ForAll("steps") ActionChain<ModelledSandbox> chain) {
        chain.run().settleAndAgree();
    }

    @Provide
    Arbitrary<ActionChain<ModelledSandbox>> steps() {
        return ActionChain.startWith(() -> new ModelledSandbox(api()))
                .withAction(4, new SandboxActions.Single(ModelledSandbox::topUp))
                .withAction(5, new SandboxActions.Single(ModelledSandbox::pay))
                .withAction(2, new SandboxActions.Single(ModelledSandbox::bulkPay))
                .withAction(3, new SandboxActions.Single(ModelledSandbox::cancel, ModelledSandbox::hasPayouts))
                .withAction(2, new SandboxActions.Single(ModelledSandbox::retry, ModelledSandbox::hasPayouts))
                .withAction(2, new SandboxActions.Single(ModelledSandbox::webhook, ModelledSandbox::hasPayouts))
                .withAction(2, new SandboxActions.Single(ModelledSandbox::createBatch))
                .withAction(2, new SandboxActions.Single(ModelledSandbox::releaseBatch, sandbox -> !sandbox.model.batches().isEmpty()))
                .withAction(3, new SandboxActions.TwoSenders())
                .withAction(1, new SandboxActions.Reset())
                .withMaxTransformations(STEPS);
    }
}
