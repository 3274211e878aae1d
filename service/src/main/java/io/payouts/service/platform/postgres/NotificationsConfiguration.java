package io.payouts.service.platform.postgres;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import javax.sql.DataSource;

@Configuration(proxyBeanMethods = false)
class NotificationsConfiguration {

    @Bean
    DatabaseNotifications databaseNotifications(DataSource dataSource) {
        return new DatabaseNotifications(dataSource);
    }
}
