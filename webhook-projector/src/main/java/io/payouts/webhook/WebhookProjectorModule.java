package io.payouts.webhook;

import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/** Entry point the service imports; the module's components live in its feature packages. */
@Configuration(proxyBeanMethods = false)
@ComponentScan
public class WebhookProjectorModule {
}
