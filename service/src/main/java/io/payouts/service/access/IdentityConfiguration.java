package io.payouts.service.access;

import io.payouts.query.apikey.ApiKeyLookup;
import io.payouts.service.platform.postgres.DatabaseNotifications;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({OwnerProperties.class, SignInThrottleProperties.class})
class IdentityConfiguration {

    @Bean
    PasswordEncoder passwordEncoder() {
        return new BCryptPasswordEncoder();
    }

    /** A key revoked, rejected or approved on any instance is forgotten here as the change commits (ADR-0030). */
    @Bean
    InitializingBean apiKeysForgottenOnEveryInstance(DatabaseNotifications notifications, ApiKeyLookup lookup) {
        return () -> notifications.listen(ApiKeyLookup.CHANGED, lookup::forgetAll, lookup::forgetAll);
    }
}
