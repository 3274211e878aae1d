package io.payouts.service.platform.postgres;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.io.IOException;
import javax.sql.DataSource;

/**
 * With no {@code spring.datasource.url}, the service brings its own PostgreSQL so a new user needs only a JDK
 * (ADR-0002). The DataSource depends on the database bean, so Spring closes the pool (after the event processors
 * have stopped) before it stops PostgreSQL.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${spring.datasource.url:}'.isEmpty()")
@EnableConfigurationProperties(EmbeddedPostgresProperties.class)
class EmbeddedPostgresConfiguration {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresConfiguration.class);

    @Bean(destroyMethod = "close")
    EmbeddedPostgres embeddedPostgres(EmbeddedPostgresProperties properties) throws IOException {
        EmbeddedPostgres postgres = EmbeddedPostgresLauncher.start(properties);
        log.info("Embedded PostgreSQL on port {} with data in {}", postgres.getPort(),
                properties.dataDir().toAbsolutePath());
        return postgres;
    }

    /** The pool takes {@code spring.datasource.hikari.*} as it would for an external database. */
    @Bean(destroyMethod = "close")
    @ConfigurationProperties("spring.datasource.hikari")
    DataSource dataSource(EmbeddedPostgres postgres) {
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(postgres.getJdbcUrl("postgres", "postgres"));
        dataSource.setUsername("postgres");
        dataSource.setPoolName("payouts-embedded");
        return dataSource;
    }
}
