package io.payouts.service.erasure;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PersonalDataCipherTest {

    private static final String DRIVER = "drv_0123456789abcdef0123456789abcdef";

    @Test
    void decryptsWhatItEncryptedAndNeverShowsThePlainText() {
        byte[] key = PersonalDataCipher.newKey();

        String sealed = PersonalDataCipher.encrypt(key, DRIVER, "name", "Ana Diaz");

        assertThat(sealed).startsWith("pii:v1:").doesNotContain("Ana");
        assertThat(PersonalDataCipher.isEncrypted(sealed)).isTrue();
        assertThat(PersonalDataCipher.decrypt(key, DRIVER, "name", sealed)).isEqualTo("Ana Diaz");
        assertThat(PersonalDataCipher.encrypt(key, DRIVER, "name", "Ana Diaz")).as("a fresh IV each time")
                .isNotEqualTo(sealed);
    }

    @Test
    void refusesACiphertextMovedToAnotherDriverOrFieldOrUnderAnotherKey() {
        byte[] key = PersonalDataCipher.newKey();
        String sealed = PersonalDataCipher.encrypt(key, DRIVER, "email", "ana@example.com");

        assertThatThrownBy(() -> PersonalDataCipher.decrypt(key, "drv_" + "f".repeat(32), "email", sealed))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> PersonalDataCipher.decrypt(key, DRIVER, "phone", sealed))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> PersonalDataCipher.decrypt(PersonalDataCipher.newKey(), DRIVER, "email", sealed))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void leavesPlainTextAndNullsAlone() {
        assertThat(PersonalDataCipher.isEncrypted("Ana Diaz")).isFalse();
        assertThat(PersonalDataCipher.encrypt(PersonalDataCipher.newKey(), DRIVER, "name", null)).isNull();
    }
}
