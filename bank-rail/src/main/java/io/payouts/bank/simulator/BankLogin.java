package io.payouts.bank.simulator;

import java.security.PublicKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The one login the simulated bank's SFTP server lets in: by password, by an authorized public key, or either. */
public record BankLogin(String username, Optional<String> password, List<PublicKey> authorizedKeys) {

    public BankLogin {
        if (username == null || username.isBlank()) {
            throw new IllegalArgumentException("a login has a username");
        }
        Objects.requireNonNull(password, "password");
        authorizedKeys = List.copyOf(authorizedKeys);
        if (password.isEmpty() && authorizedKeys.isEmpty()) {
            throw new IllegalArgumentException("a login needs a password or an authorized key");
        }
    }

    public static BankLogin withPassword(String username, String password) {
        return new BankLogin(username, Optional.of(password), List.of());
    }

    public static BankLogin withKey(String username, PublicKey key) {
        return new BankLogin(username, Optional.empty(), List.of(key));
    }

    /** The same login, also letting in the holder of {@code key}. */
    public BankLogin andKey(PublicKey key) {
        List<PublicKey> keys = new ArrayList<>(authorizedKeys);
        keys.add(key);
        return new BankLogin(username, password, keys);
    }

    @Override
    public String toString() {
        return "BankLogin[" + username + ", password " + (password.isPresent() ? "set" : "none") + ", "
                + authorizedKeys.size() + " key(s)]";
    }
}
