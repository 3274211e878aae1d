package io.payouts.shared.apikey;

import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

class ApiKeyValueTypesTest {

    private static final ApiKeyId KEY = new ApiKeyId("key_" + "0".repeat(31) + "1");
    private static final String CREATOR = "usr_developer";
    private static final Set<Scope> SCOPES = Set.of(Scope.PAYOUTS_READ);
    private static final String USE_CASE = "nightly payouts from our dispatch system";
    private static final KeyMaterial MATERIAL = new KeyMaterial("a".repeat(64), "wxyz");
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");

    private static void assertInvalidField(Throwable thrown, String field) {
        assertThat(thrown).isInstanceOf(InvalidFieldException.class);
        InvalidFieldException invalid = (InvalidFieldException) thrown;
        assertThat(invalid.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
        assertThat(invalid.details()).containsOnlyKeys(field);
    }

    @Nested
    class ApiKeyIds {

        @Test
        void parsesKeyPrefixFollowedBy32LowercaseHexDigits() {
            String value = "key_0123456789abcdef0123456789abcdef";

            assertThat(ApiKeyId.parse(value)).contains(new ApiKeyId(value));
            assertThat(new ApiKeyId(value)).hasToString(value);
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {
                "key_",
                "key_0123456789abcdef0123456789abcde",
                "key_0123456789abcdef0123456789abcdef0",
                "key_0123456789ABCDEF0123456789ABCDEF",
                "key_0123456789abcdef0123456789abcdeg",
                "KEY_0123456789abcdef0123456789abcdef",
                "drv_0123456789abcdef0123456789abcdef",
                "key0123456789abcdef0123456789abcdef",
                "0123456789abcdef0123456789abcdef",
                " key_0123456789abcdef0123456789abcdef",
                "key_0123456789abcdef0123456789abcdef\n",
                "svc_sbox_0123456789abcdef0123456789abcdef"
        })
        void parsesAMalformedIdToEmptyAndTheConstructorRejectsIt(String candidate) {
            assertThat(ApiKeyId.parse(candidate)).isEmpty();
            assertThatThrownBy(() -> new ApiKeyId(candidate)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Nested
    class Scopes {

        @ParameterizedTest
        @CsvSource({
                "drivers:read, DRIVERS_READ",
                "drivers:write, DRIVERS_WRITE",
                "payouts:read, PAYOUTS_READ",
                "payouts:write, PAYOUTS_WRITE",
                "batches:read, BATCHES_READ",
                "batches:write, BATCHES_WRITE",
                "balance:read, BALANCE_READ",
                "webhooks:manage, WEBHOOKS_MANAGE"
        })
        void findsEachScopeByItsExactApiName(String apiName, Scope expected) {
            assertThat(Scope.fromApiName(apiName)).contains(expected);
            assertThat(expected.apiName()).isEqualTo(apiName);
        }

        @Test
        void knowsExactlyTheEightScopesOfTheSpec() {
            assertThat(Scope.values()).hasSize(8);
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {
                "DRIVERS_READ",
                "drivers:READ",
                "Drivers:read",
                "drivers:read ",
                " drivers:read",
                "drivers",
                "drivers_read",
                "payouts:delete",
                "webhooks:read",
                "balance:write",
                "*"
        })
        void findsNoScopeForAnyOtherName(String candidate) {
            assertThat(Scope.fromApiName(candidate)).isEmpty();
        }
    }

    @Nested
    class KeyMaterials {

        @Test
        void keepsA64DigitLowercaseHexHashAndFourCharacters() {
            KeyMaterial material = new KeyMaterial("0123456789abcdef".repeat(4), "Z9_x");

            assertThat(material.sha256Hex()).isEqualTo("0123456789abcdef".repeat(4));
            assertThat(material.lastFour()).isEqualTo("Z9_x");
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {
                "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                "gaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                " aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        })
        void rejectsAHashThatIsNot64LowercaseHexDigits(String hash) {
            assertThatThrownBy(() -> new KeyMaterial(hash, "wxyz")).isInstanceOf(IllegalArgumentException.class);
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {"abc", "abcde"})
        void rejectsALastFourThatIsNotFourCharacters(String lastFour) {
            assertThatThrownBy(() -> new KeyMaterial("a".repeat(64), lastFour))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Nested
    class KeyExpiries {

        @Test
        void givesNoExpiryWhenNoLifetimeIsAsked() {
            assertThat(KeyExpiry.after(CREATED_AT, null)).isNull();
        }

        @Test
        void expiresOneDayAfterCreationForTheShortestLifetime() {
            assertThat(KeyExpiry.after(CREATED_AT, 1)).isEqualTo(Instant.parse("2025-01-16T09:00:00Z"));
        }

        @Test
        void expires365DaysAfterCreationForTheLongestLifetime() {
            assertThat(KeyExpiry.after(CREATED_AT, 365)).isEqualTo(Instant.parse("2026-01-15T09:00:00Z"));
        }

        @ParameterizedTest
        @ValueSource(ints = {0, 366, -1, Integer.MIN_VALUE, Integer.MAX_VALUE})
        void rejectsALifetimeOutside1To365DaysAsAnInvalidExpiresInField(int days) {
            assertInvalidField(rejection(() -> KeyExpiry.after(CREATED_AT, days)), "expires_in");
        }
    }

    @Nested
    class CreateCommands {

        @Test
        void acceptsASandboxKeyWithMaterialAndNoApprovalReason() {
            CreateApiKeyCommand command = sandbox("dispatch", SCOPES, null);

            assertThat(command.mode()).isEqualTo(Mode.SANDBOX);
            assertThat(command.material()).isEqualTo(MATERIAL);
            assertThat(command.scopes()).containsExactly(Scope.PAYOUTS_READ);
        }

        @Test
        void acceptsAProductionKeyWithAnApprovalReasonAndNoMaterial() {
            CreateApiKeyCommand command = production(USE_CASE, null);

            assertThat(command.approvalReason()).isEqualTo(USE_CASE);
            assertThat(command.material()).isNull();
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {" ", "\t", "\n"})
        void rejectsABlankNameAsTheNameField(String name) {
            assertInvalidField(rejection(() -> sandbox(name, SCOPES, null)), "name");
        }

        @Test
        void acceptsANameOf100CharactersButRejects101() {
            assertThat(sandbox("n".repeat(100), SCOPES, null).name()).hasSize(100);

            assertInvalidField(rejection(() -> sandbox("n".repeat(101), SCOPES, null)), "name");
        }

        @Test
        void rejectsMissingScopesAsTheScopesField() {
            assertInvalidField(rejection(() -> sandbox("dispatch", null, null)), "scopes");
        }

        @Test
        void rejectsAnEmptyScopeSetAsTheScopesField() {
            assertInvalidField(rejection(() -> sandbox("dispatch", Set.of(), null)), "scopes");
        }

        @Test
        void keepsItsOwnCopyOfTheScopes() {
            Set<Scope> scopes = new HashSet<>(Set.of(Scope.DRIVERS_READ));
            CreateApiKeyCommand command = sandbox("dispatch", scopes, null);

            scopes.add(Scope.DRIVERS_WRITE);

            assertThat(command.scopes()).containsExactly(Scope.DRIVERS_READ);
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {" ", "\t"})
        void requiresAnApprovalReasonForAProductionKey(String reason) {
            assertInvalidField(rejection(() -> production(reason, null)), "approval_reason");
        }

        @Test
        void acceptsAnApprovalReasonOf1000CharactersButRejects1001() {
            assertThat(production("r".repeat(1000), null).approvalReason()).hasSize(1000);

            assertInvalidField(rejection(() -> production("r".repeat(1001), null)), "approval_reason");
        }

        @Test
        void rejectsAnOverlongApprovalReasonEvenOnASandboxKey() {
            assertInvalidField(rejection(() -> new CreateApiKeyCommand(KEY, "dispatch", Mode.SANDBOX, SCOPES, null,
                    "r".repeat(1001), CREATOR, MATERIAL, CREATED_AT)), "approval_reason");
        }

        @Test
        void refusesASandboxKeyWithoutMaterial() {
            assertThatThrownBy(() -> new CreateApiKeyCommand(KEY, "dispatch", Mode.SANDBOX, SCOPES, null, null,
                    CREATOR, null, CREATED_AT)).isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void refusesAProductionKeyWithMaterialBecauseItIsIssuedOnlyAtApproval() {
            assertThatThrownBy(() -> new CreateApiKeyCommand(KEY, "dispatch", Mode.PRODUCTION, SCOPES, null, USE_CASE,
                    CREATOR, MATERIAL, CREATED_AT)).isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void rejectsAnExpiryAtTheCreationInstantAsTheExpiresInField() {
            assertInvalidField(rejection(() -> sandbox("dispatch", SCOPES, CREATED_AT)), "expires_in");
        }

        @Test
        void rejectsAnExpiryBeforeCreationAsTheExpiresInField() {
            assertInvalidField(rejection(() -> sandbox("dispatch", SCOPES, CREATED_AT.minusSeconds(1))),
                    "expires_in");
        }

        @Test
        void acceptsAnExpiryJustAfterCreation() {
            assertThat(sandbox("dispatch", SCOPES, CREATED_AT.plusSeconds(1)).expiresAt())
                    .isEqualTo(CREATED_AT.plusSeconds(1));
        }

        private static CreateApiKeyCommand sandbox(String name, Set<Scope> scopes, Instant expiresAt) {
            return new CreateApiKeyCommand(KEY, name, Mode.SANDBOX, scopes, expiresAt, null, CREATOR, MATERIAL,
                    CREATED_AT);
        }

        private static CreateApiKeyCommand production(String approvalReason, Instant expiresAt) {
            return new CreateApiKeyCommand(KEY, "dispatch", Mode.PRODUCTION, SCOPES, expiresAt, approvalReason,
                    CREATOR, null, CREATED_AT);
        }
    }

    @Nested
    class RejectCommands {

        private static final Actor ADMIN = new Actor("usr_admin", true);

        @Test
        void keepsTheReasonForARejection() {
            assertThat(new RejectApiKeyCommand(KEY, ADMIN, "use case unclear", NOW).reason())
                    .isEqualTo("use case unclear");
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {" ", "\t", "\n"})
        void requiresAReason(String reason) {
            assertInvalidField(rejection(() -> new RejectApiKeyCommand(KEY, ADMIN, reason, NOW)), "reason");
        }

        @Test
        void acceptsAReasonOf1000CharactersButRejects1001() {
            assertThat(new RejectApiKeyCommand(KEY, ADMIN, "r".repeat(1000), NOW).reason()).hasSize(1000);

            assertInvalidField(rejection(() -> new RejectApiKeyCommand(KEY, ADMIN, "r".repeat(1001), NOW)),
                    "reason");
        }
    }

    @Nested
    class Actors {

        @Test
        void letsADeveloperManageTheirOwnKeys() {
            assertThat(new Actor("usr_developer", false).mayManageKeysOf("usr_developer")).isTrue();
        }

        @Test
        void keepsADeveloperFromOtherUsersKeys() {
            assertThat(new Actor("usr_developer", false).mayManageKeysOf("usr_other_developer")).isFalse();
        }

        @Test
        void keepsADeveloperFromKeysWithoutAKnownCreator() {
            assertThat(new Actor("usr_developer", false).mayManageKeysOf(null)).isFalse();
        }

        @Test
        void letsAnAdministratorManageEveryonesKeys() {
            Actor admin = new Actor("usr_admin", true);

            assertThat(admin.mayManageKeysOf("usr_developer")).isTrue();
            assertThat(admin.mayManageKeysOf("usr_admin")).isTrue();
        }

        @Test
        void requiresAUserId() {
            assertThatThrownBy(() -> new Actor(null, true)).isInstanceOf(NullPointerException.class);
        }
    }

    @Nested
    class Usability {

        private static final Instant REVOKED_AT = Instant.parse("2025-02-01T09:00:00Z");
        private static final Instant PAST = Instant.parse("2025-02-15T09:00:00Z");
        private static final Instant FUTURE = Instant.parse("2025-04-01T09:00:00Z");

        @Test
        void reportsRevocationBeforeRejection() {
            assertThat(summary(ApprovalStatus.REJECTED, REVOKED_AT, PAST).unusableReason(NOW)).contains("revoked");
        }

        @Test
        void reportsRevocationOfAnApprovedKey() {
            assertThat(summary(ApprovalStatus.APPROVED, REVOKED_AT, FUTURE).unusableReason(NOW))
                    .contains("revoked");
        }

        @Test
        void reportsRevocationBeforePendingApproval() {
            assertThat(summary(ApprovalStatus.PENDING, REVOKED_AT, null).unusableReason(NOW)).contains("revoked");
        }

        @Test
        void reportsRejectionBeforePendingOrExpiry() {
            assertThat(summary(ApprovalStatus.REJECTED, null, PAST).unusableReason(NOW)).contains("rejected");
        }

        @Test
        void reportsPendingApprovalBeforeExpiry() {
            assertThat(summary(ApprovalStatus.PENDING, null, PAST).unusableReason(NOW))
                    .contains("pending approval");
        }

        @Test
        void reportsExpiryOfAnApprovedKeyPastItsExpiry() {
            assertThat(summary(ApprovalStatus.APPROVED, null, PAST).unusableReason(NOW)).contains("expired");
        }

        @Test
        void countsAKeyAsExpiredAtItsExactExpiryInstant() {
            assertThat(summary(ApprovalStatus.APPROVED, null, NOW).unusableReason(NOW)).contains("expired");
        }

        @Test
        void findsAnApprovedKeyUsableJustBeforeItsExpiry() {
            assertThat(summary(ApprovalStatus.APPROVED, null, NOW.plusMillis(1)).unusableReason(NOW)).isEmpty();
        }

        @Test
        void findsAnApprovedKeyWithoutExpiryUsable() {
            assertThat(summary(ApprovalStatus.APPROVED, null, null).unusableReason(NOW)).isEmpty();
        }

        private static ApiKeySummary summary(ApprovalStatus status, Instant revokedAt, Instant expiresAt) {
            return new ApiKeySummary(KEY, "dispatch", Mode.PRODUCTION, SCOPES, status, USE_CASE, CREATOR, CREATED_AT,
                    expiresAt, null, null, null, null, null, revokedAt, "wxyz", null, null, "a".repeat(64));
        }
    }

    private static Throwable rejection(ThrowingCallable call) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("expected the value to be rejected").isNotNull();
        return thrown;
    }
}
