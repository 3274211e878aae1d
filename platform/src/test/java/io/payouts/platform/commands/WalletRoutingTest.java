package io.payouts.platform.commands;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.apikey.Actor;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.RevokeApiKeyCommand;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.messaging.MetaData;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Every command that decides against a wallet is routed by that wallet. */
class WalletRoutingTest {

    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
    private static final PayoutId PAYOUT = new PayoutId(PayoutId.PREFIX + "0".repeat(31) + "1");
    /** Commands that name only their payout; every sender puts the request's or the rail's mode in the metadata. */
    private static final Set<String> ROUTED_BY_METADATA = Set.of("QueuePayoutCommand", "StartPayoutProcessingCommand",
            "CompletePayoutCommand", "FailPayoutCommand", "ReturnPayoutCommand");

    private final WalletRouting routing = new WalletRouting();

    @Test
    void anAdmissionGoesToItsWallet() {
        String key = routing.getRoutingKey(message(new AdmitPayoutsCommand(WalletId.of(Mode.SANDBOX), List.of(),
                List.of(), NOW), Map.of()));

        assertThat(key).isEqualTo(WalletId.of(Mode.SANDBOX).value());
    }

    @Test
    void aCommandNamingItsModeGoesToThatModesWallet() {
        assertThat(routing.getRoutingKey(message(new CancelPayoutCommand(PAYOUT, Mode.PRODUCTION, NOW), Map.of())))
                .isEqualTo(WalletId.of(Mode.PRODUCTION).value());
    }

    @Test
    void aCommandNamingOnlyItsPayoutGoesToTheWalletOfTheModeInItsMetadata() {
        CommandMessage<?> sandbox = message(new CompletePayoutCommand(PAYOUT, NOW),
                Map.of(MetadataKeys.MODE, Mode.SANDBOX.apiName()));
        CommandMessage<?> production = message(new CompletePayoutCommand(PAYOUT, NOW),
                Map.of(MetadataKeys.MODE, Mode.PRODUCTION.apiName()));

        assertThat(routing.getRoutingKey(sandbox)).isEqualTo(WalletId.of(Mode.SANDBOX).value());
        assertThat(routing.getRoutingKey(production)).isEqualTo(WalletId.of(Mode.PRODUCTION).value());
    }

    @Test
    void aCommandOutsideTheMoneyIsRoutedByItsAggregate() {
        ApiKeyId keyId = new ApiKeyId(ApiKeyId.PREFIX + "0".repeat(31) + "1");

        assertThat(routing.getRoutingKey(message(new RevokeApiKeyCommand(keyId, new Actor("usr_1", true), NOW), Map.of())))
                .isEqualTo(keyId.toString());
    }

    /**
     * Every command of the payout, batch, wallet and driver packages names its mode or wallet, or is one of the few
     * whose senders put the mode in the metadata: none can reach an instance that does not hold its wallet.
     */
    @Test
    void everyCommandAboutMoneyOrPayeesNamesItsWallet() {
        List<JavaClass> commands = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.payouts.shared.payout", "io.payouts.shared.batch", "io.payouts.shared.wallet",
                        "io.payouts.shared.driver")
                .stream()
                .filter(type -> type.getSimpleName().endsWith("Command") && type.isRecord())
                .toList();

        assertThat(commands).hasSizeGreaterThan(10);
        for (JavaClass command : commands) {
            assertThat(ModeScoped.class.isAssignableFrom(command.reflect())
                    || ROUTED_BY_METADATA.contains(command.getSimpleName()))
                    .as("%s names its mode or wallet", command.getName()).isTrue();
        }
    }


    private static CommandMessage<?> message(Object payload, Map<String, ?> metadata) {
        return GenericCommandMessage.asCommandMessage(payload).andMetaData(MetaData.from(metadata));
    }
}
