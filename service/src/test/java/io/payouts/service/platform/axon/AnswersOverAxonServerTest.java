package io.payouts.service.platform.axon;

import com.fasterxml.jackson.databind.JsonNode;
import io.axoniq.axonserver.connector.AxonServerException;
import io.axoniq.axonserver.connector.ErrorCategory;
import io.grpc.Status;
import io.payouts.PayoutServiceApplication;
import io.payouts.platform.failures.ForwardingCommandBus;
import io.payouts.service.support.Api;
import io.payouts.service.support.ContextOfItsOwn;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.wallet.RequestTopUpCommand;
import org.axonframework.axonserver.connector.AxonServerConfiguration;
import org.axonframework.axonserver.connector.command.CommandSerializer;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandCallback;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.CommandResultMessage;
import org.axonframework.commandhandling.GenericCommandResultMessage;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.callbacks.LoggingCallback;
import org.axonframework.common.Registration;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.serialization.Serializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.CannotCreateTransactionException;

import java.net.ConnectException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Commands answered as a second instance's answers reach the sender through Axon Server: every answer
 * crosses the connector's own serialization with the configured message serializer, which keeps a failure's message
 * and details and drops its causes, and an answer can be lost after its command was stored, as when Axon Server goes
 * away mid-request. A database out of reach inside a handler is then still a 503 naming the database, not a 500; a
 * write whose answer was lost is a 503 naming what it may have stored; and a retry with the same Idempotency-Key
 * pays nothing twice (ADR-0010). In a context and a database of its own, since the command bus is replaced.
 */
@ApplicationTest
@ContextOfItsOwn
@SpringBootTest(classes = {PayoutServiceApplication.class, AnswersOverAxonServerTest.OverAxonServer.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "payouts.owner.email=owner@answers.test",
                "payouts.owner.password=correct horse battery staple",
                "payouts.rate-limit.capacity=1000000",
                "payouts.rate-limit.refill-per-minute=1000000",
                "payouts.rail.standard-delay=1h",
                "payouts.sandbox.kyc-verification-delay=1h"})
class AnswersOverAxonServerTest {

    private static final long FUNDS = 1_000_000;
    private static Api api;

    @Autowired
    private ConfigurableApplicationContext application;
    @Autowired
    private CommandBus commandBus;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(AnswersOverAxonServerTest.class, registry);
    }

    @BeforeEach
    void fundedSandbox() {
        synchronized (AnswersOverAxonServerTest.class) {
            if (api == null) {
                Api sandbox = Api.withSandboxKeyFor(application);
                assertThat(sandbox.post("/api/v1/funding/topup", "{\"amount\":" + FUNDS + "}").status())
                        .isEqualTo(200);
                await().atMost(Duration.ofSeconds(20))
                        .until(() -> sandbox.get("/api/v1/balance").data().path("available").asLong() == FUNDS);
                api = sandbox;
            }
        }
    }

    @Test
    void aDatabaseOutOfReachInACommandHandlerIs503NamingTheDatabaseNotA500() {
        bus().failTheNextHandlingOf(RegisterDriverCommand.class,
                new CannotCreateTransactionException("Could not open JPA EntityManager for transaction",
                        new ConnectException("Connection refused")));

        Api.Response answer = api.post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(503);
        assertThat(answer.header("Retry-After")).isEqualTo("1");
        assertThat(answer.error().path("code").asText()).isEqualTo("UNAVAILABLE");
        assertThat(answer.error().path("message").asText()).contains("database").doesNotContain("message bus");
        assertThat(answer.error().path("details").path("resourceType").asText()).isEqualTo("driver");
        assertThat(answer.error().path("details").path("resourceId").asText()).startsWith("drv_");
        assertThat(api.post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())).status()).isEqualTo(200);
    }

    @Test
    void aPayoutWhoseAnswerWasLostIs503NamingThePayoutItStored() {
        String driver = verifiedDriver();
        bus().loseTheNextAnswerTo(AdmitPayoutsCommand.class);

        Api.Response answer = api.post("/api/v1/payouts", payout(driver, 1_500));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(503);
        assertThat(answer.error().path("message").asText()).contains("message bus", "may have been stored");
        JsonNode details = answer.error().path("details");
        assertThat(details.path("resourceType").asText()).isEqualTo("payout");
        String payout = details.path("resourceId").asText();
        assertThat(answer.error().path("message").asText()).contains(payout);
        Api.Response stored = api.get("/api/v1/payouts/" + payout);
        assertThat(stored.status()).isEqualTo(200);
        assertThat(stored.data().path("driverId").asText()).isEqualTo(driver);
    }

    @Test
    void aRetryWithTheSameIdempotencyKeyAfterA503ForAStoredPayoutPaysNothingTwice() {
        String driver = verifiedDriver();
        long available = available();
        String body = payout(driver, 2_000);
        String key = "pay-once-" + UUID.randomUUID();
        bus().loseTheNextAnswerTo(AdmitPayoutsCommand.class);

        Api.Response first = withKey(key).post("/api/v1/payouts", body);
        Api.Response retry = withKey(key).post("/api/v1/payouts", body);

        assertThat(first.status()).isEqualTo(503);
        assertThat(retry.status()).isEqualTo(503);
        assertThat(retry.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(retry.error().path("details")).isEqualTo(first.error().path("details"));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            JsonNode payouts = api.get("/api/v1/payouts?driverId=" + driver).data();
            assertThat(payouts.path("total").asInt()).isEqualTo(1);
            assertThat(payouts.path("items").get(0).path("id").asText())
                    .isEqualTo(first.error().path("details").path("resourceId").asText());
            assertThat(available - available()).as("reserved once").isBetween(2_000L, 3_999L);
        });
    }

    @Test
    void aBulkWhoseAnswerWasLostNamesEveryPayoutItMayHaveStored() {
        String driver = verifiedDriver();
        bus().loseTheNextAnswerTo(AdmitPayoutsCommand.class);

        Api.Response answer = api.post("/api/v1/payouts/bulk",
                "{\"payouts\":[" + payout(driver, 300) + "," + payout(driver, 400) + "]}");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(503);
        JsonNode details = answer.error().path("details");
        assertThat(details.path("resourceType").asText()).isEqualTo("payout");
        String[] payouts = details.path("resourceIds").asText().split(",");
        assertThat(payouts).hasSize(2);
        assertThat(Arrays.stream(payouts).map(id -> api.get("/api/v1/payouts/" + id).status()))
                .containsOnly(200);
    }

    @Test
    void aTopUpDriverOrBatchWhoseAnswerWasLostNamesIt() {
        bus().loseTheNextAnswerTo(RequestTopUpCommand.class);
        assertNamed(api.post("/api/v1/funding/topup", "{\"amount\":5000}"), "top_up", "txn_");

        bus().loseTheNextAnswerTo(RegisterDriverCommand.class);
        String driver = assertNamed(api.post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())),
                "driver", "drv_");
        assertThat(api.get("/api/v1/drivers/" + driver).status()).isEqualTo(200);

        String payable = verifiedDriver();
        String batchBody = "{\"name\":\"week 12\",\"payouts\":[" + payout(payable, 700) + "]}";
        bus().loseTheNextAnswerTo(CreateBatchCommand.class);
        String lost = assertNamed(api.post("/api/v1/batches", batchBody), "batch", "batch_");
        assertThat(api.get("/api/v1/batches/" + lost).status()).isEqualTo(200);

        Api.Response created = api.post("/api/v1/batches", batchBody);
        assertThat(created.status()).isEqualTo(200);
        String batch = created.data().path("id").asText();
        bus().loseTheNextAnswerTo(ReleaseBatchCommand.class);
        assertThat(assertNamed(api.post("/api/v1/batches/" + batch + "/release", null), "batch", "batch_"))
                .isEqualTo(batch);
    }

    private static String assertNamed(Api.Response answer, String resourceType, String idPrefix) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(503);
        assertThat(answer.error().path("details").path("resourceType").asText()).isEqualTo(resourceType);
        String id = answer.error().path("details").path("resourceId").asText();
        assertThat(id).startsWith(idPrefix);
        assertThat(answer.error().path("message").asText()).contains(id);
        return id;
    }

    private String verifiedDriver() {
        String driver = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        return driver;
    }

    private static String payout(String driver, long amount) {
        return "{\"driverId\":\"%s\",\"amount\":%d}".formatted(driver, amount);
    }

    private static long available() {
        return api.get("/api/v1/balance").data().path("available").asLong();
    }

    private static Api withKey(String key) {
        return api.anonymous().withBearer(api.bearer()).header("Idempotency-Key", key);
    }

    private AxonServerLikeBus bus() {
        return (AxonServerLikeBus) commandBus;
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class OverAxonServer {

        @Bean
        static BeanPostProcessor answersOverAxonServer(
                @Qualifier("messageSerializer") ObjectProvider<Serializer> messageSerializer) {
            return new BeanPostProcessor() {
                @Override
                public Object postProcessAfterInitialization(Object bean, String beanName) {
                    return bean instanceof SimpleCommandBus local ? new AxonServerLikeBus(local, messageSerializer)
                            : bean;
                }
            };
        }
    }

    /**
     * The local command bus, with every answer passed through Axon Server's connector serialization (what the
     * sender receives from another instance), a handler failure that can be planted, and an answer that can be lost.
     */
    static final class AxonServerLikeBus extends ForwardingCommandBus {

        private static final AxonServerException AXON_SERVER_WENT_AWAY = new AxonServerException(
                ErrorCategory.COMMAND_DISPATCH_ERROR, "Received exception while dispatching command", "instance-2",
                Status.UNAVAILABLE.withDescription("io exception").asRuntimeException());

        private final SimpleCommandBus local;
        private final ObjectProvider<Serializer> messageSerializer;
        private final Set<Class<?>> answersToLose = ConcurrentHashMap.newKeySet();
        private final ConcurrentHashMap<Class<?>, RuntimeException> failures = new ConcurrentHashMap<>();
        private Registration plantedFailures;

        AxonServerLikeBus(SimpleCommandBus local, ObjectProvider<Serializer> messageSerializer) {
            super(local);
            this.local = local;
            this.messageSerializer = messageSerializer;
        }

        void loseTheNextAnswerTo(Class<?> commandType) {
            answersToLose.add(commandType);
        }

        /** Inside the service's own interceptors, which are registered by the time a test runs: in the handler. */
        synchronized void failTheNextHandlingOf(Class<?> commandType, RuntimeException failure) {
            if (plantedFailures == null) {
                plantedFailures = local.registerHandlerInterceptor(
                        (MessageHandlerInterceptor<CommandMessage<?>>) (unitOfWork, chain) -> {
                            RuntimeException planted = failures.remove(unitOfWork.getMessage().getPayloadType());
                            if (planted != null) {
                                throw planted;
                            }
                            return chain.proceed();
                        });
            }
            failures.put(commandType, failure);
        }

        @Override
        public <C> void dispatch(CommandMessage<C> command) {
            dispatch(command, LoggingCallback.INSTANCE);
        }

        @Override
        public <C, R> void dispatch(CommandMessage<C> command, CommandCallback<? super C, ? super R> callback) {
            local.dispatch(command, (CommandCallback<C, R>) (message, result) ->
                    callback.onResult(message, received(message, result)));
        }

        private <R> CommandResultMessage<R> received(CommandMessage<?> command, CommandResultMessage<R> answer) {
            if (!answer.isExceptional() && answersToLose.remove(command.getPayloadType())) {
                return GenericCommandResultMessage.asCommandResultMessage(AXON_SERVER_WENT_AWAY);
            }
            CommandSerializer connector = new CommandSerializer(messageSerializer.getObject(),
                    new AxonServerConfiguration());
            return connector.deserialize(connector.serialize(answer, command.getIdentifier()));
        }
    }
}
