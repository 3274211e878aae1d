package io.payouts.command.apikey;

import io.payouts.shared.ForbiddenException;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Actor;
import io.payouts.shared.apikey.ApiKeyApprovedEvent;
import io.payouts.shared.apikey.ApiKeyCreatedEvent;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyNotFoundException;
import io.payouts.shared.apikey.ApiKeyRejectedEvent;
import io.payouts.shared.apikey.ApiKeyRevokedEvent;
import io.payouts.shared.apikey.KeyAlreadyRevokedException;
import io.payouts.shared.apikey.ApproveApiKeyCommand;
import io.payouts.shared.apikey.CreateApiKeyCommand;
import io.payouts.shared.apikey.KeyMaterial;
import io.payouts.shared.apikey.RegenerateApiKeyCommand;
import io.payouts.shared.apikey.RejectApiKeyCommand;
import io.payouts.shared.apikey.RevokeApiKeyCommand;
import io.payouts.shared.apikey.Scope;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;

class ApiKeyTest {

    private static final ApiKeyId KEY = new ApiKeyId("key_" + "0".repeat(31) + "1");
    private static final ApiKeyId NEW_KEY = new ApiKeyId("key_" + "0".repeat(31) + "2");

    private static final String CREATOR = "usr_developer";
    private static final Actor DEVELOPER = new Actor(CREATOR, false);
    private static final Actor OTHER_DEVELOPER = new Actor("usr_other_developer", false);
    private static final Actor ADMIN = new Actor("usr_admin", true);

    private static final Set<Scope> SCOPES = Set.of(Scope.PAYOUTS_READ, Scope.PAYOUTS_WRITE);
    private static final String USE_CASE = "nightly payouts from our dispatch system";
    private static final KeyMaterial MATERIAL = new KeyMaterial("a".repeat(64), "wxyz");
    private static final KeyMaterial NEW_MATERIAL = new KeyMaterial("b".repeat(64), "abcd");

    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant EXPIRES_AT = Instant.parse("2025-04-15T09:00:00Z");
    private static final Duration LIFETIME = Duration.between(CREATED_AT, EXPIRES_AT);
    private static final Instant APPROVED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant REJECTED_AT = Instant.parse("2025-01-15T11:00:00Z");
    private static final Instant REVOKED_AT = Instant.parse("2025-01-15T12:00:00Z");
    private static final Instant LATER = Instant.parse("2025-01-16T09:00:00Z");

    private FixtureConfiguration<ApiKey> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(ApiKey.class);
    }

    // creation

    @Test
    void createsASandboxKeyAndApprovesItAutomaticallyRecordingOnlyHashAndLastFour() {
        fixture.givenNoPriorActivity()
                .when(new CreateApiKeyCommand(KEY, "dispatch", Mode.SANDBOX, SCOPES, EXPIRES_AT, null, CREATOR,
                        MATERIAL, CREATED_AT))
                .expectSuccessfulHandlerExecution()
                .expectEvents(
                        new ApiKeyCreatedEvent(KEY, "dispatch", Mode.SANDBOX, SCOPES, EXPIRES_AT, null, CREATOR,
                                null, CREATED_AT),
                        new ApiKeyApprovedEvent(KEY, "automatic", "a".repeat(64), "wxyz", CREATED_AT));
    }

    @Test
    void createsAProductionKeyPendingApprovalWithoutIssuingMaterial() {
        fixture.givenNoPriorActivity()
                .when(createProduction())
                .expectSuccessfulHandlerExecution()
                .expectEvents(productionCreated());
    }

    // approval

    @Test
    void approvesAPendingProductionKeyByAnAdministratorIssuingTheNewMaterial() {
        fixture.given(productionCreated())
                .when(new ApproveApiKeyCommand(KEY, ADMIN, NEW_MATERIAL, APPROVED_AT))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new ApiKeyApprovedEvent(KEY, "usr_admin", "b".repeat(64), "abcd", APPROVED_AT));
    }

    @Test
    void forbidsTheCreatorWhoIsNoAdministratorToApproveTheirOwnKey() {
        fixture.given(productionCreated())
                .when(new ApproveApiKeyCommand(KEY, DEVELOPER, NEW_MATERIAL, APPROVED_AT))
                .expectException(ForbiddenException.class)
                .expectNoEvents();
    }

    @Test
    void forbidsANonAdministratorToApproveEvenAKeyThatIsNoLongerPending() {
        fixture.given(productionCreated(), productionApproved())
                .when(new ApproveApiKeyCommand(KEY, OTHER_DEVELOPER, NEW_MATERIAL, LATER))
                .expectException(ForbiddenException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsApprovingAnAlreadyApprovedProductionKey() {
        fixture.given(productionCreated(), productionApproved())
                .when(new ApproveApiKeyCommand(KEY, ADMIN, NEW_MATERIAL, LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsApprovingASandboxKeyThatWasApprovedAutomatically() {
        fixture.given(sandboxCreated(), sandboxApproved())
                .when(new ApproveApiKeyCommand(KEY, ADMIN, NEW_MATERIAL, LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsApprovingARejectedKey() {
        fixture.given(productionCreated(), productionRejected())
                .when(new ApproveApiKeyCommand(KEY, ADMIN, NEW_MATERIAL, LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsApprovingAKeyRevokedWhilePending() {
        fixture.given(productionCreated(), revokedBy(CREATOR))
                .when(new ApproveApiKeyCommand(KEY, ADMIN, NEW_MATERIAL, LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    // rejection

    @Test
    void rejectsAPendingProductionKeyByAnAdministratorRecordingTheReason() {
        fixture.given(productionCreated())
                .when(new RejectApiKeyCommand(KEY, ADMIN, "use case unclear", REJECTED_AT))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new ApiKeyRejectedEvent(KEY, "usr_admin", "use case unclear", REJECTED_AT));
    }

    @Test
    void forbidsANonAdministratorToRejectAKey() {
        fixture.given(productionCreated())
                .when(new RejectApiKeyCommand(KEY, DEVELOPER, "changed my mind", REJECTED_AT))
                .expectException(ForbiddenException.class)
                .expectNoEvents();
    }

    @Test
    void refusesToRejectAnApprovedKey() {
        fixture.given(productionCreated(), productionApproved())
                .when(new RejectApiKeyCommand(KEY, ADMIN, "use case unclear", LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void refusesToRejectAnAlreadyRejectedKey() {
        fixture.given(productionCreated(), productionRejected())
                .when(new RejectApiKeyCommand(KEY, ADMIN, "still unclear", LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void refusesToRejectAKeyRevokedWhilePending() {
        fixture.given(productionCreated(), revokedBy(CREATOR))
                .when(new RejectApiKeyCommand(KEY, ADMIN, "use case unclear", LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    // revocation

    @Test
    void revokesAKeyAtTheRequestOfItsCreator() {
        fixture.given(sandboxCreated(), sandboxApproved())
                .when(new RevokeApiKeyCommand(KEY, DEVELOPER, REVOKED_AT))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new ApiKeyRevokedEvent(KEY, CREATOR, null, REVOKED_AT));
    }

    @Test
    void revokesAnotherUsersKeyAtTheRequestOfAnAdministrator() {
        fixture.given(productionCreated(), productionApproved())
                .when(new RevokeApiKeyCommand(KEY, ADMIN, REVOKED_AT))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new ApiKeyRevokedEvent(KEY, "usr_admin", null, REVOKED_AT));
    }

    @Test
    void revokesAPendingProductionKey() {
        fixture.given(productionCreated())
                .when(new RevokeApiKeyCommand(KEY, DEVELOPER, REVOKED_AT))
                .expectEvents(new ApiKeyRevokedEvent(KEY, CREATOR, null, REVOKED_AT));
    }

    @Test
    void revokesARejectedProductionKey() {
        fixture.given(productionCreated(), productionRejected())
                .when(new RevokeApiKeyCommand(KEY, DEVELOPER, REVOKED_AT))
                .expectEvents(new ApiKeyRevokedEvent(KEY, CREATOR, null, REVOKED_AT));
    }

    @Test
    void hidesAKeyFromAnotherDeveloperWhoTriesToRevokeIt() {
        fixture.given(sandboxCreated(), sandboxApproved())
                .when(new RevokeApiKeyCommand(KEY, OTHER_DEVELOPER, REVOKED_AT))
                .expectException(ApiKeyNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void hidesEvenTheRevokedStateOfAKeyFromAnotherDeveloper() {
        fixture.given(sandboxCreated(), sandboxApproved(), revokedBy(CREATOR))
                .when(new RevokeApiKeyCommand(KEY, OTHER_DEVELOPER, LATER))
                .expectException(ApiKeyNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsRevokingAKeyTwiceAsARevokeFailure() {
        fixture.given(sandboxCreated(), sandboxApproved(), revokedBy(CREATOR))
                .when(new RevokeApiKeyCommand(KEY, ADMIN, LATER))
                .expectException(KeyAlreadyRevokedException.class)
                .expectNoEvents();
    }

    // regeneration

    @Test
    void regeneratesASandboxKeyByRevokingItAndIssuingAnApprovedSuccessorWithTheSameSettings() {
        fixture.given(sandboxCreated(), sandboxApproved())
                .when(new RegenerateApiKeyCommand(KEY, NEW_KEY, DEVELOPER, NEW_MATERIAL, LATER))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(NEW_KEY)
                .expectEvents(
                        new ApiKeyRevokedEvent(KEY, CREATOR, NEW_KEY, LATER),
                        new ApiKeyCreatedEvent(NEW_KEY, "dispatch", Mode.SANDBOX, SCOPES, LATER.plus(LIFETIME), null,
                                CREATOR, KEY, LATER),
                        new ApiKeyApprovedEvent(NEW_KEY, "automatic", "b".repeat(64), "abcd", LATER));
    }

    @Test
    void regeneratesAProductionKeyIntoASuccessorThatAwaitsApprovalAgain() {
        fixture.given(productionCreated(), productionApproved())
                .when(new RegenerateApiKeyCommand(KEY, NEW_KEY, DEVELOPER, null, LATER))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(NEW_KEY)
                .expectEvents(
                        new ApiKeyRevokedEvent(KEY, CREATOR, NEW_KEY, LATER),
                        new ApiKeyCreatedEvent(NEW_KEY, "dispatch", Mode.PRODUCTION, SCOPES, null, USE_CASE,
                                CREATOR, KEY, LATER));
    }

    @Test
    void regeneratesAnotherUsersKeyForAnAdministratorKeepingTheOriginalCreator() {
        fixture.given(sandboxCreated(), sandboxApproved())
                .when(new RegenerateApiKeyCommand(KEY, NEW_KEY, ADMIN, NEW_MATERIAL, LATER))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(NEW_KEY)
                .expectEvents(
                        new ApiKeyRevokedEvent(KEY, "usr_admin", NEW_KEY, LATER),
                        new ApiKeyCreatedEvent(NEW_KEY, "dispatch", Mode.SANDBOX, SCOPES, LATER.plus(LIFETIME), null,
                                CREATOR, KEY, LATER),
                        new ApiKeyApprovedEvent(NEW_KEY, "automatic", "b".repeat(64), "abcd", LATER));
    }

    @Test
    void givesTheSuccessorOfAnExpiredKeyTheSameLifetimeCountedFromRegenerationNotAPermanentOne() {
        Instant afterExpiry = Instant.parse("2025-05-01T09:00:00Z");

        fixture.given(sandboxCreated(), sandboxApproved())
                .when(new RegenerateApiKeyCommand(KEY, NEW_KEY, DEVELOPER, NEW_MATERIAL, afterExpiry))
                .expectSuccessfulHandlerExecution()
                .expectEvents(
                        new ApiKeyRevokedEvent(KEY, CREATOR, NEW_KEY, afterExpiry),
                        new ApiKeyCreatedEvent(NEW_KEY, "dispatch", Mode.SANDBOX, SCOPES, afterExpiry.plus(LIFETIME),
                                null, CREATOR, KEY, afterExpiry),
                        new ApiKeyApprovedEvent(NEW_KEY, "automatic", "b".repeat(64), "abcd", afterExpiry));
    }

    @Test
    void hidesAKeyFromAnotherDeveloperWhoTriesToRegenerateIt() {
        fixture.given(sandboxCreated(), sandboxApproved())
                .when(new RegenerateApiKeyCommand(KEY, NEW_KEY, OTHER_DEVELOPER, NEW_MATERIAL, LATER))
                .expectException(ApiKeyNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void refusesToRegenerateAProductionKeyWithMaterialBecauseItsSuccessorAwaitsApproval() {
        fixture.given(productionCreated(), productionApproved())
                .when(new RegenerateApiKeyCommand(KEY, NEW_KEY, DEVELOPER, NEW_MATERIAL, LATER))
                .expectException(IllegalArgumentException.class)
                .expectNoEvents();
    }

    @Test
    void refusesToRegenerateASandboxKeyWithoutNewMaterial() {
        fixture.given(sandboxCreated(), sandboxApproved())
                .when(new RegenerateApiKeyCommand(KEY, NEW_KEY, DEVELOPER, null, LATER))
                .expectException(IllegalArgumentException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsRegeneratingARevokedKey() {
        fixture.given(sandboxCreated(), sandboxApproved(), revokedBy(CREATOR))
                .when(new RegenerateApiKeyCommand(KEY, NEW_KEY, DEVELOPER, NEW_MATERIAL, LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    private static CreateApiKeyCommand createProduction() {
        return new CreateApiKeyCommand(KEY, "dispatch", Mode.PRODUCTION, SCOPES, null, USE_CASE, CREATOR, null,
                CREATED_AT);
    }

    private static ApiKeyCreatedEvent productionCreated() {
        return new ApiKeyCreatedEvent(KEY, "dispatch", Mode.PRODUCTION, SCOPES, null, USE_CASE, CREATOR, null,
                CREATED_AT);
    }

    private static ApiKeyApprovedEvent productionApproved() {
        return new ApiKeyApprovedEvent(KEY, "usr_admin", "a".repeat(64), "wxyz", APPROVED_AT);
    }

    private static ApiKeyRejectedEvent productionRejected() {
        return new ApiKeyRejectedEvent(KEY, "usr_admin", "use case unclear", REJECTED_AT);
    }

    private static ApiKeyCreatedEvent sandboxCreated() {
        return new ApiKeyCreatedEvent(KEY, "dispatch", Mode.SANDBOX, SCOPES, EXPIRES_AT, null, CREATOR, null,
                CREATED_AT);
    }

    private static ApiKeyApprovedEvent sandboxApproved() {
        return new ApiKeyApprovedEvent(KEY, ApiKeyApprovedEvent.AUTOMATIC, "a".repeat(64), "wxyz", CREATED_AT);
    }

    private static ApiKeyRevokedEvent revokedBy(String userId) {
        return new ApiKeyRevokedEvent(KEY, userId, null, REVOKED_AT);
    }
}
