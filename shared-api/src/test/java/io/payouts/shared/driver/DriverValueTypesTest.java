package io.payouts.shared.driver;

import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

class DriverValueTypesTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final Instant DECIDED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final EmailAddress EMAIL = new EmailAddress("ana@example.com");
    private static final PhoneNumber PHONE = new PhoneNumber("+14155550123");

    private static void assertInvalidField(Throwable thrown, String field) {
        assertThat(thrown).isInstanceOf(InvalidFieldException.class);
        InvalidFieldException invalid = (InvalidFieldException) thrown;
        assertThat(invalid.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
        assertThat(invalid.details()).containsOnlyKeys(field);
    }

    @Nested
    class EmailAddresses {

        @ParameterizedTest
        @ValueSource(strings = {
                "ana@example.com",
                "ana.maria+payouts@mail.example.co.uk",
                "o'brien@example.io",
                "x@a-b.io",
                "UPPER@EXAMPLE.COM"
        })
        void acceptsWellFormedAddresses(String candidate) {
            assertThat(EmailAddress.isValid(candidate)).isTrue();
            assertThat(new EmailAddress(candidate).value()).isEqualTo(candidate);
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {
                "ana",
                "ana@",
                "@example.com",
                "ana@example",
                "ana@@example.com",
                "ana@exa mple.com",
                "ana maria@example.com",
                "ana@-example.com",
                "ana@example-.com",
                "ana@example..com",
                "ana@example.com.",
                "ana@example.com\n"
        })
        void rejectsMalformedAddressesAsAnInvalidEmailField(String candidate) {
            assertThat(EmailAddress.isValid(candidate)).isFalse();
            assertInvalidField(rejection(() -> new EmailAddress(candidate)), "email");
        }

        @Test
        void acceptsAnAddressOf254CharactersButRejectsOneOf255() {
            String exactly254 = "a".repeat(64) + "@" + label(63) + "." + label(63) + "." + label(57) + ".com";
            assertThat(exactly254).hasSize(254);
            assertThat(EmailAddress.isValid(exactly254)).isTrue();

            String tooLong = "a" + exactly254;
            assertThat(EmailAddress.isValid(tooLong)).isFalse();
            assertInvalidField(rejection(() -> new EmailAddress(tooLong)), "email");
        }

        @Test
        void rejectsADomainLabelLongerThan63Characters() {
            assertThat(EmailAddress.isValid("ana@" + label(63) + ".com")).isTrue();
            assertThat(EmailAddress.isValid("ana@" + label(64) + ".com")).isFalse();
        }

        private static String label(int length) {
            return "b".repeat(length);
        }
    }

    @Nested
    class PhoneNumbers {

        @ParameterizedTest
        @ValueSource(strings = {"+1234567", "+14155550123", "+442071838750", "+123456789012345"})
        void acceptsE164NumbersOf7To15Digits(String candidate) {
            assertThat(PhoneNumber.isValid(candidate)).isTrue();
            assertThat(new PhoneNumber(candidate).value()).isEqualTo(candidate);
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {
                "+",
                "+123456",
                "+1234567890123456",
                "+01234567",
                "14155550123",
                "++14155550123",
                "+1 415 555 0123",
                "+1-415-555-0123",
                "+1415555O123",
                "+14155550123\n",
                "+\u0661\u0664\u0661\u0665\u0665\u0665\u0665\u0660\u0661\u0662\u0663"
        })
        void rejectsAnythingButE164AsAnInvalidPhoneField(String candidate) {
            assertThat(PhoneNumber.isValid(candidate)).isFalse();
            assertInvalidField(rejection(() -> new PhoneNumber(candidate)), "phone");
        }
    }

    @Nested
    class DriverIds {

        @Test
        void parsesAWellFormedId() {
            String value = "drv_0123456789abcdef0123456789abcdef";

            assertThat(DriverId.parse(value)).contains(new DriverId(value));
            assertThat(new DriverId(value)).hasToString(value);
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {
                "drv_",
                "drv_0123456789abcdef0123456789abcde",
                "drv_0123456789abcdef0123456789abcdef0",
                "drv_0123456789ABCDEF0123456789ABCDEF",
                "drv_0123456789abcdef0123456789abcdeg",
                "pay_0123456789abcdef0123456789abcdef",
                "DRV_0123456789abcdef0123456789abcdef",
                "0123456789abcdef0123456789abcdef",
                " drv_0123456789abcdef0123456789abcdef"
        })
        void parsesAMalformedIdToEmptyAndTheConstructorRejectsIt(String candidate) {
            assertThat(DriverId.parse(candidate)).isEmpty();
            assertThatThrownBy(() -> new DriverId(candidate)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Nested
    class DriverProfiles {

        @Test
        void keepsAValidProfile() {
            DriverProfile profile = new DriverProfile("Ana Maria", EMAIL, PHONE);

            assertThat(profile.name()).isEqualTo("Ana Maria");
            assertThat(profile.email()).isEqualTo(EMAIL);
            assertThat(profile.phone()).isEqualTo(PHONE);
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {" ", "   ", "\t", "\n"})
        void rejectsABlankName(String name) {
            assertInvalidField(rejection(() -> new DriverProfile(name, EMAIL, PHONE)), "name");
        }

        @Test
        void acceptsANameOf200CharactersButRejects201() {
            assertThat(new DriverProfile("n".repeat(200), EMAIL, PHONE).name()).hasSize(200);

            assertInvalidField(rejection(() -> new DriverProfile("n".repeat(201), EMAIL, PHONE)), "name");
        }

        @Test
        void requiresAnEmail() {
            assertInvalidField(rejection(() -> new DriverProfile("Ana", null, PHONE)), "email");
        }

        @Test
        void requiresAPhone() {
            assertInvalidField(rejection(() -> new DriverProfile("Ana", EMAIL, null)), "phone");
        }
    }

    @Nested
    class SvcDriverIds {

        @ParameterizedTest
        @ValueSource(strings = {"a", "svc-42", "fleet.driver_7:eu-west", "ABC123"})
        void acceptsOneTo100LettersDigitsAndSeparators(String candidate) {
            assertThat(RegisterDriverCommand.isValidSvcDriverId(candidate)).isTrue();
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {"svc 42", "svc/42", "svc@42", "svc#42", "sv\u00e9", "svc-42\n", " svc"})
        void rejectsOtherCharacters(String candidate) {
            assertThat(RegisterDriverCommand.isValidSvcDriverId(candidate)).isFalse();
        }

        @Test
        void acceptsUpTo100CharactersButNot101() {
            assertThat(RegisterDriverCommand.isValidSvcDriverId("x".repeat(100))).isTrue();
            assertThat(RegisterDriverCommand.isValidSvcDriverId("x".repeat(101))).isFalse();
        }

        @Test
        void registerCommandRejectsAnInvalidSvcDriverIdAsThatField() {
            DriverProfile profile = new DriverProfile("Ana", EMAIL, PHONE);

            assertInvalidField(rejection(
                    () -> new RegisterDriverCommand(DRIVER, Mode.SANDBOX, "svc 42", profile, DECIDED_AT)), "svcDriverId");
        }
    }

    @Nested
    class KycOutcomes {

        @Test
        void acceptsAVerifiedOutcomeWithoutReason() {
            RecordKycOutcomeCommand command =
                    new RecordKycOutcomeCommand(DRIVER, Mode.SANDBOX, KycOutcome.VERIFIED, null, DECIDED_AT);

            assertThat(command.outcome()).isEqualTo(KycOutcome.VERIFIED);
            assertThat(command.reason()).isNull();
        }

        @Test
        void acceptsARejectionWithAReason() {
            RecordKycOutcomeCommand command = new RecordKycOutcomeCommand(DRIVER, Mode.SANDBOX, KycOutcome.REJECTED,
                    "document expired", DECIDED_AT);

            assertThat(command.reason()).isEqualTo("document expired");
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {" ", "\t"})
        void requiresAReasonForARejection(String reason) {
            assertInvalidField(rejection(() -> new RecordKycOutcomeCommand(DRIVER, Mode.SANDBOX,
                    KycOutcome.REJECTED, reason, DECIDED_AT)), "reason");
        }

        @Test
        void acceptsAReasonOf500CharactersButRejects501() {
            assertThat(new RecordKycOutcomeCommand(DRIVER, Mode.SANDBOX, KycOutcome.REJECTED, "r".repeat(500),
                    DECIDED_AT).reason()).hasSize(500);

            assertInvalidField(rejection(() -> new RecordKycOutcomeCommand(DRIVER, Mode.SANDBOX,
                    KycOutcome.REJECTED, "r".repeat(501), DECIDED_AT)), "reason");
        }

        @Test
        void rejectsAnOverlongReasonEvenOnAVerifiedOutcome() {
            assertInvalidField(rejection(() -> new RecordKycOutcomeCommand(DRIVER, Mode.SANDBOX,
                    KycOutcome.VERIFIED, "r".repeat(501), DECIDED_AT)), "reason");
        }

        @Test
        void requiresAnOutcome() {
            assertInvalidField(rejection(
                    () -> new RecordKycOutcomeCommand(DRIVER, Mode.SANDBOX, null, null, DECIDED_AT)), "outcome");
        }
    }

    private static Throwable rejection(ThrowingCallable call) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("expected the constructor to reject the value").isNotNull();
        return thrown;
    }
}
