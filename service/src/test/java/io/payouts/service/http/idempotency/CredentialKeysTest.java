package io.payouts.service.http.idempotency;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class CredentialKeysTest {

    private static final byte[] BODY = "{\"password\":\"hunter2\"}".getBytes(StandardCharsets.UTF_8);
    private final CredentialKeys alice = CredentialKeys.of("svc_sbox_alice");
    private final CredentialKeys bob = CredentialKeys.of("svc_sbox_bob");

    @Test
    void fingerprintsTheSameRequestAlikeAndAnyChangeDifferently() {
        String fingerprint = alice.fingerprint(null, BODY);

        assertThat(fingerprint).matches("[0-9a-f]{64}");
        assertThat(CredentialKeys.of("svc_sbox_alice").fingerprint(null, BODY)).isEqualTo(fingerprint);
        assertThat(alice.fingerprint(null, "{\"password\":\"hunter3\"}".getBytes(StandardCharsets.UTF_8)))
                .isNotEqualTo(fingerprint);
        assertThat(alice.fingerprint("dryRun=true", BODY)).isNotEqualTo(fingerprint);
        assertThat(alice.fingerprint("", BODY)).as("no query string is an empty one").isEqualTo(fingerprint);
    }

    @Test
    void fingerprintsDependOnTheCredentialSoTheyCannotBeGuessedWithoutIt() {
        assertThat(bob.fingerprint(null, BODY)).isNotEqualTo(alice.fingerprint(null, BODY));
    }

    @Test
    void opensWhatItSealedUnderTheSameContext() {
        byte[] sealed = alice.seal(BODY, "context");

        assertThat(alice.open(sealed, "context")).hasValueSatisfying(plain -> assertThat(plain).isEqualTo(BODY));
        assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("hunter2");
        assertThat(alice.seal(BODY, "context")).as("a fresh nonce each time").isNotEqualTo(sealed);
    }

    @Test
    void opensNothingUnderAnotherCredentialOrContextOrWhenTampered() {
        byte[] sealed = alice.seal(BODY, "context");
        byte[] tampered = sealed.clone();
        tampered[tampered.length - 1] ^= 1;

        assertThat(bob.open(sealed, "context")).isEmpty();
        assertThat(alice.open(sealed, "other context")).isEmpty();
        assertThat(alice.open(tampered, "context")).isEmpty();
        assertThat(alice.open(new byte[3], "context")).isEmpty();
    }

    @Test
    void sealsAnEmptyBody() {
        assertThat(alice.open(alice.seal(new byte[0], "context"), "context"))
                .hasValueSatisfying(plain -> assertThat(plain).isEmpty());
    }
}
