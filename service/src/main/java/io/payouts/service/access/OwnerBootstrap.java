package io.payouts.service.access;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * At the first start (no owner yet) creates the owner from configuration; with no password configured it
 * generates one and prints it this once, because it is stored only as a hash.
 */
@Component
class OwnerBootstrap implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(OwnerBootstrap.class);

    private final UserDirectory users;
    private final OwnerProperties properties;

    OwnerBootstrap(UserDirectory users, OwnerProperties properties) {
        this.users = users;
        this.properties = properties;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        boolean generated = !properties.passwordGiven();
        String password = generated ? Secrets.newToken("").substring(0, 24) : properties.password();
        if (users.ensureOwner(properties.email(), password) && generated) {
            log.warn("""

                    ==================================================================
                     First start: created the owner account. Sign in with
                       e-mail:    {}
                       password:  {}
                     This password is shown only now. Set PAYOUTS_OWNER_PASSWORD to
                     choose it yourself on a fresh database.
                    ==================================================================""",
                    properties.email(), password);
        }
    }
}
