package io.payouts.bank.sftp;

import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.Test;

import java.security.KeyPair;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HostKeyPinTest {

    private final KeyPair ed25519 = TestKeys.ed25519();

    @Test
    void pinsTheSameKeyWhetherGivenAsAPublicKeyLineOrAsItsFingerprint() {
        HostKeyPin byLine = HostKeyPin.of(PublicKeyEntry.toString(ed25519.getPublic()) + " bank@example");
        HostKeyPin byFingerprint = HostKeyPin.of(byLine.fingerprint());

        assertThat(byLine).isEqualTo(byFingerprint);
        assertThat(byLine.fingerprint()).startsWith("SHA256:");
        assertThat(byLine.matches(ed25519.getPublic())).isTrue();
    }

    @Test
    void pinsAnRsaKeyLine() {
        KeyPair rsa = TestKeys.rsa();

        assertThat(HostKeyPin.of(PublicKeyEntry.toString(rsa.getPublic())).matches(rsa.getPublic())).isTrue();
        assertThat(HostKeyPin.of(PublicKeyEntry.toString(rsa.getPublic())).matches(ed25519.getPublic())).isFalse();
    }

    @Test
    void refusesSomethingThatIsNeitherAKeyNorAFingerprint() {
        assertThatThrownBy(() -> HostKeyPin.of("ssh-ed25519 not-base64"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not an OpenSSH public key or SHA256 fingerprint");
        assertThatThrownBy(() -> HostKeyPin.of("MD5:12:34"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HostKeyPin.of("SHA256:short"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("43 base64 characters");
    }

    @Test
    void neverPrintsASecret() {
        assertThat(SftpCredentials.password("hunter2").toString()).doesNotContain("hunter2");
        assertThat(SftpCredentials.privateKey(TestKeys.openSsh(ed25519, null)).toString())
                .isEqualTo("PrivateKey[****]");
    }
}
