package io.payouts.platform.queries;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class QueriesConfiguration {

    @Bean
    Queries queries(ListableBeanFactory beans) {
        return new Queries(beans);
    }
}
