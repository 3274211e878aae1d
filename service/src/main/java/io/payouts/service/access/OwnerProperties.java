package io.payouts.service.access;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The first owner ({@code PAYOUTS_OWNER_EMAIL}, {@code PAYOUTS_OWNER_PASSWORD}). Without a password one is
 * generated and printed once, at the first start on a fresh database.
 */
@ConfigurationProperties("payouts.owner")
public record OwnerProperties(String email, String password) {

    public OwnerProperties {
        email = email == null || email.isBlank() ? "owner@payouts.local" : email;
    }

    boolean passwordGiven() {
        return password != null && !password.isBlank();
    }
}
