package io.payouts.bank.simulator;

import io.payouts.bank.iso20022.Camt054Reader;
import io.payouts.bank.iso20022.Direction;
import io.payouts.bank.iso20022.EndToEndIds;
import io.payouts.bank.iso20022.EntryStatus;
import io.payouts.bank.iso20022.Fixtures;
import io.payouts.bank.iso20022.IsoSchemas;
import io.payouts.bank.iso20022.Notification;
import io.payouts.bank.iso20022.Pain001Writer;
import io.payouts.bank.iso20022.Pain002Reader;
import io.payouts.bank.iso20022.PaymentBlock;
import io.payouts.bank.iso20022.PaymentInstruction;
import io.payouts.bank.iso20022.PaymentStatus;
import io.payouts.bank.iso20022.ReportedStatus;
import io.payouts.bank.iso20022.StatusScope;
import io.payouts.bank.iso20022.Urgency;
import io.payouts.bank.sftp.MinaSftpChannel;
import io.payouts.bank.sftp.SftpChannel;
import io.payouts.bank.sftp.SftpCredentials;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static io.payouts.bank.iso20022.Fixtures.CREATED_AT;
import static io.payouts.bank.iso20022.Fixtures.EXECUTION_DATE;
import static io.payouts.bank.iso20022.Fixtures.US_COMPANY;
import static io.payouts.bank.iso20022.Fixtures.usPayment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The simulated bank end to end: files go up and answers come back over SFTP, as the service will do it. */
class BankSimulatorTest {

    private static final String USER = "acme";
    private static final String PASSWORD = "s3cret-pass";
    private static final Duration POLL = Duration.ofMillis(50);
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final SimulatedAccount ACCOUNT = new SimulatedAccount(US_COMPANY.account(), "USD");

    @TempDir
    Path bankRoot;
    private BankSftpServer server;
    private BankSimulator bank;
    private SftpChannel channel;
    private final Pain001Writer writer = new Pain001Writer(US_COMPANY);
    private final Pain002Reader statusReader = new Pain002Reader();
    private final Camt054Reader notificationReader = new Camt054Reader();

    @BeforeEach
    void openTheBank() {
        server = BankSftpServer.start(bankRoot, BankLogin.withPassword(USER, PASSWORD));
        bank = new BankSimulator(server, ACCOUNT, SimulatorRules.acceptAll(), Clock.system(ZoneOffset.UTC));
        channel = new MinaSftpChannel(server.clientSettings(SftpCredentials.password(PASSWORD)));
    }

    @AfterEach
    void closeTheBank() {
        channel.close();
        bank.close();
        server.close();
    }

    @Test
    void acceptsEveryPaymentAndThenBooksADebitForEach() {
        bank.start(POLL);
        List<PaymentInstruction> payments = List.of(usPayment(1, 12_34, Urgency.STANDARD),
                usPayment(2, 5_00, Urgency.STANDARD), usPayment(3, 99_99, Urgency.STANDARD));

        upload("MSG-1", payments);

        List<String> answers = awaitAnswers(2);
        byte[] statusFile = channel.read("inbound", answers.get(0));
        IsoSchemas.assertValid(statusFile, IsoSchemas.PAIN_002);
        List<PaymentStatus> statuses = statusReader.read(statusFile);
        assertThat(statuses.get(0).status()).isEqualTo(ReportedStatus.ACCEPTED);
        assertThat(transactions(statuses)).extracting(PaymentStatus::isoCode).containsExactly("ACSP", "ACSP", "ACSP");
        assertThat(transactions(statuses)).extracting(status -> status.endToEndId().orElseThrow())
                .containsExactlyElementsOf(endToEndIds(payments));

        byte[] notificationFile = channel.read("inbound", answers.get(1));
        IsoSchemas.assertValidCamt054(notificationFile);
        List<Notification> debits = notificationReader.read(notificationFile);
        assertThat(debits).extracting(Notification::direction).containsOnly(Direction.DEBIT);
        assertThat(debits).extracting(Notification::status).containsOnly(EntryStatus.BOOKED);
        assertThat(debits).extracting(Notification::amountCents).containsExactly(12_34L, 5_00L, 99_99L);
        assertThat(debits).extracting(notification -> notification.endToEndId().orElseThrow())
                .containsExactlyElementsOf(endToEndIds(payments));
        assertThat(bank.received()).singleElement().satisfies(file -> {
            assertThat(file.name()).isEqualTo("MSG-1.xml");
            assertThat(file.messageId()).contains("MSG-1");
            assertThat(file.endToEndIds()).containsExactlyElementsOf(endToEndIds(payments));
        });
    }

    @Test
    void rejectsAPaymentToARejectedAccountWithItsReasonAndBooksTheOthers() {
        bank.rules(SimulatorRules.acceptAll().rejectingAccount("0000066666", "AC01"));
        bank.start(POLL);
        PaymentInstruction rejected = usPayment(2, 5_00, Urgency.STANDARD, "0000066666");

        upload("MSG-2", List.of(usPayment(1, 12_34, Urgency.STANDARD), rejected));

        List<String> answers = awaitAnswers(2);
        byte[] statusFile = channel.read("inbound", answers.get(0));
        IsoSchemas.assertValid(statusFile, IsoSchemas.PAIN_002);
        List<PaymentStatus> statuses = statusReader.read(statusFile);
        assertThat(statuses.get(0).isoCode()).isEqualTo("PART");
        PaymentStatus rejection = transactions(statuses).get(1);
        assertThat(rejection.endToEndId()).contains(rejected.endToEndId());
        assertThat(rejection.status()).isEqualTo(ReportedStatus.REJECTED);
        assertThat(rejection.reasons()).singleElement().satisfies(reason -> {
            assertThat(reason.code()).isEqualTo("AC01");
            assertThat(reason.description()).isEqualTo("incorrect account number");
        });
        assertThat(notificationReader.read(channel.read("inbound", answers.get(1))))
                .extracting(Notification::amountCents).containsExactly(12_34L);
    }

    @Test
    void rejectsAFileWhosePaymentsAreAllRejectedAndBooksNothing() {
        bank.rules(SimulatorRules.acceptAll().rejectingAmount(66_66, "AM04"));
        bank.start(POLL);

        upload("MSG-3", List.of(usPayment(1, 66_66, Urgency.INSTANT)));

        List<String> answers = awaitAnswers(1);
        List<PaymentStatus> statuses = statusReader.read(channel.read("inbound", answers.get(0)));
        assertThat(statuses).extracting(PaymentStatus::isoCode).containsExactly("RJCT", "RJCT", "RJCT");
        assertThat(transactions(statuses).get(0).reasons()).extracting(reason -> reason.code()).containsExactly("AM04");
        await().during(Duration.ofMillis(300)).atMost(PATIENCE).until(() -> answers().size() == 1);
    }

    @Test
    void returnsAPaymentAfterBookingItWithTheReasonAndItsEndToEndId() {
        bank.rules(SimulatorRules.acceptAll().returningAccount("0000044444", "AC04"));
        bank.start(POLL);
        PaymentInstruction returned = usPayment(2, 5_00, Urgency.STANDARD, "0000044444");

        upload("MSG-4", List.of(usPayment(1, 12_34, Urgency.STANDARD), returned));

        List<String> answers = awaitAnswers(3);
        assertThat(transactions(statusReader.read(channel.read("inbound", answers.get(0)))))
                .extracting(PaymentStatus::isoCode).containsExactly("ACSP", "ACSP");
        assertThat(notificationReader.read(channel.read("inbound", answers.get(1))))
                .extracting(Notification::amountCents).containsExactly(12_34L, 5_00L);
        byte[] returnFile = channel.read("inbound", answers.get(2));
        IsoSchemas.assertValidCamt054(returnFile);
        assertThat(notificationReader.read(returnFile)).singleElement().satisfies(notification -> {
            assertThat(notification.isReturn()).isTrue();
            assertThat(notification.direction()).isEqualTo(Direction.CREDIT);
            assertThat(notification.amountCents()).isEqualTo(5_00);
            assertThat(notification.endToEndId()).contains(returned.endToEndId());
            assertThat(notification.returnReason().orElseThrow().code()).isEqualTo("AC04");
            assertThat(EndToEndIds.parse(notification.endToEndId().orElseThrow()).orElseThrow().payoutId())
                    .isEqualTo(Fixtures.payoutId(2));
        });
    }

    @Test
    void creditsATopUpQuotingItsReference() {
        String name = bank.creditTopUp("TOPUP-7F3K9Q", 2_500_00);

        assertThat(channel.list("inbound")).containsExactly(name);
        byte[] file = channel.read("inbound", name);
        IsoSchemas.assertValidCamt054(file);
        assertThat(notificationReader.read(file)).singleElement().satisfies(credit -> {
            assertThat(credit.direction()).isEqualTo(Direction.CREDIT);
            assertThat(credit.status()).isEqualTo(EntryStatus.BOOKED);
            assertThat(credit.amountCents()).isEqualTo(2_500_00);
            assertThat(credit.currency()).isEqualTo("USD");
            assertThat(credit.reference()).contains("TOPUP-7F3K9Q");
            assertThat(credit.endToEndId()).isEmpty();
            assertThat(credit.isReturn()).isFalse();
        });
    }

    @Test
    void creditsMoneyThatNamesNothingButItsText() {
        String name = bank.creditUnreferenced(42_00, "for the drivers");

        byte[] file = channel.read("inbound", name);
        IsoSchemas.assertValidCamt054(file);
        assertThat(notificationReader.read(file)).singleElement().satisfies(credit -> {
            assertThat(credit.reference()).isEmpty();
            assertThat(credit.remittanceText()).isEqualTo("for the drivers");
            assertThat(credit.amountCents()).isEqualTo(42_00);
        });
    }

    @Test
    void rejectsAFileItCannotReadWholeWithFf01() {
        bank.start(POLL);

        channel.upload("outbound", "MSG-5.xml", "<Document>half a file".getBytes(StandardCharsets.UTF_8));

        List<String> answers = awaitAnswers(1);
        byte[] statusFile = channel.read("inbound", answers.get(0));
        IsoSchemas.assertValid(statusFile, IsoSchemas.PAIN_002);
        assertThat(statusReader.read(statusFile)).singleElement().satisfies(status -> {
            assertThat(status.scope()).isEqualTo(StatusScope.MESSAGE);
            assertThat(status.originalMessageId()).isEqualTo("MSG-5");
            assertThat(status.status()).isEqualTo(ReportedStatus.REJECTED);
            assertThat(status.reasons()).singleElement().satisfies(reason -> {
                assertThat(reason.code()).isEqualTo("FF01");
                assertThat(reason.additionalInfo()).startsWith("not a readable pain.001.001.09");
            });
        });
        assertThat(bank.received()).singleElement()
                .extracting(ReceivedFile::answer).isEqualTo(ReceivedFile.Answer.UNREADABLE);
    }

    @Test
    void answersAFileUploadedTwiceOnceAndRejectsItsMessageIdUnderAnotherName() {
        bank.start(POLL);
        byte[] file = writer.write("MSG-6", CREATED_AT, List.of(block(List.of(usPayment(1, 1_00, Urgency.STANDARD)))));

        channel.upload("outbound", "MSG-6.xml", file);
        awaitAnswers(2);
        channel.upload("outbound", "MSG-6.xml", file);
        channel.upload("outbound", "MSG-6-again.xml", file);

        List<String> answers = awaitAnswers(3);
        assertThat(statusReader.read(channel.read("inbound", answers.get(2)))).singleElement().satisfies(status -> {
            assertThat(status.originalMessageId()).isEqualTo("MSG-6");
            assertThat(status.reasons()).extracting(reason -> reason.code()).containsExactly("DUPL");
        });
        assertThat(bank.received()).extracting(ReceivedFile::answer)
                .containsExactly(ReceivedFile.Answer.PROCESSED, ReceivedFile.Answer.DUPLICATE);
        await().during(Duration.ofMillis(300)).atMost(PATIENCE).until(() -> answers().size() == 3);
    }

    @Test
    void answersNothingTwiceWhenStartedAgainOnTheSameFolders() {
        upload("MSG-7", List.of(usPayment(1, 1_00, Urgency.STANDARD)));
        assertThat(bank.answerNewFiles()).isOne();

        BankSimulator restarted = new BankSimulator(server, ACCOUNT, SimulatorRules.acceptAll(),
                Clock.system(ZoneOffset.UTC));

        assertThat(restarted.answerNewFiles()).isZero();
        assertThat(answers()).hasSize(2);
    }

    @Test
    void answersAThousandPaymentFileWithAValidReport() {
        List<PaymentInstruction> payments = new ArrayList<>();
        for (int i = 1; i <= 1000; i++) {
            payments.add(usPayment(i, 1_00L + i, Urgency.STANDARD, i % 100 == 0 ? "0000066666" : "0000012345"));
        }
        bank.rules(SimulatorRules.acceptAll().rejectingAccount("0000066666", "AC04"));

        upload("MSG-8", payments);
        bank.answerNewFiles();

        List<String> answers = awaitAnswers(2);
        byte[] statusFile = channel.read("inbound", answers.get(0));
        IsoSchemas.assertValid(statusFile, IsoSchemas.PAIN_002);
        assertThat(transactions(statusReader.read(statusFile)))
                .filteredOn(status -> status.status() == ReportedStatus.REJECTED).hasSize(10);
        assertThat(notificationReader.read(channel.read("inbound", answers.get(1)))).hasSize(990);
        assertThat(bank.received().get(0).endToEndIds()).hasSize(1000);
    }

    private void upload(String messageId, List<PaymentInstruction> payments) {
        channel.upload("outbound", messageId + ".xml", writer.write(messageId, CREATED_AT, List.of(block(payments))));
    }

    private static PaymentBlock block(List<PaymentInstruction> payments) {
        return new PaymentBlock(EXECUTION_DATE, payments.get(0).urgency(), payments);
    }

    private List<String> answers() {
        return channel.list("inbound");
    }

    /** Waits for {@code count} answers and checks every answer against its schema. */
    private List<String> awaitAnswers(int count) {
        await().atMost(PATIENCE).until(() -> answers().size() >= count);
        assertThat(bank.lastFailure()).isEmpty();
        List<String> answers = answers();
        for (String name : answers) {
            byte[] file = channel.read("inbound", name);
            if (name.contains("-pain002-")) {
                IsoSchemas.assertValid(file, IsoSchemas.PAIN_002);
            } else {
                IsoSchemas.assertValidCamt054(file);
            }
        }
        return answers;
    }

    private static List<PaymentStatus> transactions(List<PaymentStatus> statuses) {
        return statuses.stream().filter(status -> status.scope() == StatusScope.TRANSACTION).toList();
    }

    private static List<String> endToEndIds(List<PaymentInstruction> payments) {
        return payments.stream().map(PaymentInstruction::endToEndId).toList();
    }
}
