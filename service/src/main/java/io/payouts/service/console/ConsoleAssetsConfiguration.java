package io.payouts.service.console;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Serves the console's scripts and styles from the jar. The chart library comes from its WebJar under
 * {@code /webjars/chart.js/...}, which Spring Boot serves, without a version in the path, by webjars-locator-lite.
 */
@Configuration(proxyBeanMethods = false)
class ConsoleAssetsConfiguration implements WebMvcConfigurer {

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/console/assets/**").addResourceLocations("classpath:/console/assets/");
    }
}
