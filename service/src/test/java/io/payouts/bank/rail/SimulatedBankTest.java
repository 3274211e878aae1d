package io.payouts.bank.rail;

import io.payouts.PayoutServiceApplication;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Base of the tests that pay production through the in-process simulated bank: one service and one bank shared by
 * every subclass (the test framework caches the context), cut-offs every 2 s, rounds every 200 ms. The bank rejects
 * payments to account {@value #REJECTED_ACCOUNT} with AC01 and returns those to {@value #RETURNED_ACCOUNT} with AC04:
 * a driver given one of them through the API is paid into it.
 */
@ApplicationTest
@SpringBootTest(classes = PayoutServiceApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "payouts.owner.email=" + BankRailApplication.OWNER_EMAIL,
                "payouts.owner.password=" + BankRailApplication.OWNER_PASSWORD,
                "payouts.rate-limit.capacity=1000000",
                "payouts.rate-limit.refill-per-minute=1000000",
                "payouts.sandbox.kyc-verification-delay=1h",
                "payouts.rail.production=iso20022",
                "payouts.bank.cutoff=2s",
                "payouts.bank.poll-interval=200ms",
                "payouts.bank.simulator.enabled=true",
                "payouts.bank.simulator.reject-accounts=" + SimulatedBankTest.REJECTED_ACCOUNT + ":AC01",
                "payouts.bank.simulator.return-accounts=" + SimulatedBankTest.RETURNED_ACCOUNT + ":AC04"})
abstract class SimulatedBankTest {

    static final String REJECTED_ACCOUNT = "0000066666";
    static final String RETURNED_ACCOUNT = "0000044444";

    private static Path bankDirectory;
    private static BankRailApplication service;

    @Autowired
    private ConfigurableApplicationContext context;

    @DynamicPropertySource
    static void databaseAndBank(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(SimulatedBankTest.class, registry);
        registry.add("payouts.bank.simulator.directory", () -> bankDirectory().toString());
    }

    private static synchronized Path bankDirectory() {
        if (bankDirectory == null) {
            try {
                bankDirectory = Files.createTempDirectory("simulated-bank");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return bankDirectory;
    }

    /** The service, with its production key made once for every subclass. */
    BankRailApplication service() {
        synchronized (SimulatedBankTest.class) {
            if (service == null || service.context() != context) {
                service = BankRailApplication.of(context);
            }
            return service;
        }
    }

    Path outbound() {
        return service().bank().server().outbound();
    }

    Path archive() {
        return service().bank().server().root().resolve("archive");
    }

    /** Puts {@code content} into the bank's inbound folder whole, as the bank would, under {@code name}. */
    void bankSends(String name, byte[] content) {
        Path inbound = service().bank().server().inbound();
        try {
            Path aside = inbound.resolve(name + ".part");
            Files.write(aside, content);
            Files.move(aside, inbound.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
