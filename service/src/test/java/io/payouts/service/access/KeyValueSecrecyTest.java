package io.payouts.service.access;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A key value is shown once and kept nowhere: not in any event, snapshot, token, read model or other table, and
 * not in any log line. Session tokens likewise.
 */
class KeyValueSecrecyTest extends HttpIntegrationTest {

    private static final String PASSWORD = "developer password 1";
    private static final List<String> NAMED_TABLES = List.of("domain_event_entry", "snapshot_event_entry",
            "api_key_view", "token_entry");

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void noKeyValueOrSessionTokenIsStoredOrLogged() {
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Logger service = (Logger) LoggerFactory.getLogger("io.payouts");
        Level serviceLevel = service.getLevel();
        appender.start();
        root.addAppender(appender);
        service.setLevel(Level.DEBUG);
        try {
            List<String> secrets = exerciseEveryWayAKeyValueIsIssuedAndUsed();

            assertThat(secrets).hasSizeGreaterThanOrEqualTo(7);
            assertNothingStoredContains(secrets);
            LoggerFactory.getLogger("io.payouts.test.KeyValueSecrecy").debug("capture check");
            assertThat(appender.list).as("the appender captures io.payouts debug lines")
                    .anyMatch(event -> event.getFormattedMessage().equals("capture check"));
            for (ILoggingEvent event : List.copyOf(appender.list)) {
                String text = logText(event);
                for (String secret : secrets) {
                    assertThat(text).as("log line of %s", event.getLoggerName()).doesNotContain(secret);
                }
            }
        } finally {
            root.detachAppender(appender);
            service.setLevel(serviceLevel);
            appender.stop();
        }
    }

    /** Creates, approves, regenerates, uses and refuses keys, signs in and out; returns every secret handed out. */
    private List<String> exerciseEveryWayAKeyValueIsIssuedAndUsed() {
        List<String> secrets = new ArrayList<>();
        String email = "secrecy-" + UUID.randomUUID() + "@example.com";
        assertThat(owner().post("/api/v1/admin/users", """
                {"email":"%s","password":"%s","role":"developer"}""".formatted(email, PASSWORD)).status())
                .isEqualTo(200);
        Api.Response session = anonymous().post("/api/v1/auth/sessions", """
                {"email":"%s","password":"%s"}""".formatted(email, PASSWORD));
        String sessionToken = session.data().path("token").asText();
        secrets.add(sessionToken);
        Api developer = anonymous().withBearer(sessionToken);

        Api.Response sandbox = developer.createKey("sandbox", Api.ALL_SCOPES);
        String sandboxValue = value(sandbox.body().path("key").asText(), "svc_sbox_");
        secrets.add(sandboxValue);
        anonymous().withBearer(sandboxValue).registerDriver();

        String productionId = developer.createKey("production", Api.ALL_SCOPES).body().path("id").asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + productionId + "/approve", "{}");
        String productionValue = value(approved.body().path("key").asText(), "svc_prod_");
        secrets.add(productionValue);
        anonymous().withBearer(productionValue).registerDriver();

        Api.Response regeneratedSandbox = developer.post(
                "/api/v1/developer/keys/" + sandbox.body().path("id").asText() + "/regenerate", "{}");
        String regeneratedSandboxValue = value(regeneratedSandbox.body().path("key").asText(), "svc_sbox_");
        secrets.add(regeneratedSandboxValue);
        assertThat(anonymous().withBearer(regeneratedSandboxValue).get("/api/v1/drivers").status()).isEqualTo(200);
        assertThat(anonymous().withBearer(sandboxValue).get("/api/v1/drivers").status()).isEqualTo(401);

        Api.Response regeneratedProduction = developer.post(
                "/api/v1/developer/keys/" + productionId + "/regenerate", "{}");
        String newProductionId = regeneratedProduction.body().path("id").asText();
        Api.Response reapproved = owner().post("/api/v1/admin/api-keys/" + newProductionId + "/approve", "{}");
        String regeneratedProductionValue = value(reapproved.body().path("key").asText(), "svc_prod_");
        secrets.add(regeneratedProductionValue);
        assertThat(anonymous().withBearer(regeneratedProductionValue).get("/api/v1/drivers").status()).isEqualTo(200);
        assertThat(anonymous().withBearer(productionValue).get("/api/v1/drivers").status()).isEqualTo(401);

        Api.Response ownerSession = anonymous().post("/api/v1/auth/sessions", """
                {"email":"%s","password":"%s"}""".formatted(OWNER_EMAIL, OWNER_PASSWORD));
        String ownerToken = ownerSession.data().path("token").asText();
        secrets.add(ownerToken);
        Api owner = anonymous().withBearer(ownerToken);
        assertThat(owner.delete("/api/v1/admin/api-keys/" + regeneratedSandbox.body().path("id").asText()).status())
                .isEqualTo(200);
        assertThat(anonymous().withBearer(regeneratedSandboxValue).get("/api/v1/drivers").status()).isEqualTo(401);
        assertThat(owner.delete("/api/v1/auth/sessions").status()).isEqualTo(200);
        assertThat(owner.get("/api/v1/admin/api-keys").status()).isEqualTo(401);

        assertThat(developer.get("/api/v1/developer/keys").status()).isEqualTo(200);
        assertThat(developer.withBearer(sandboxValue).get("/api/v1/developer/keys").status())
                .as("a key value on a session endpoint").isEqualTo(401);
        assertThat(anonymous().withBearer(sessionToken).get("/api/v1/drivers").status())
                .as("a session token on a resource endpoint").isEqualTo(401);

        List<String> withoutPrefixes = new ArrayList<>();
        for (String secret : secrets) {
            withoutPrefixes.add(secret.substring(secret.startsWith("sess_") ? "sess_".length() : "svc_sbox_".length()));
        }
        secrets.addAll(withoutPrefixes);
        return secrets;
    }

    private static String value(String key, String prefix) {
        assertThat(key).startsWith(prefix).hasSizeGreaterThanOrEqualTo(prefix.length() + 32);
        return key;
    }

    private void assertNothingStoredContains(List<String> secrets) {
        List<String> tables = jdbc.queryForList(
                "select table_name from information_schema.tables where table_schema = current_schema() "
                        + "and table_type = 'BASE TABLE'", String.class);
        assertThat(tables).containsAll(NAMED_TABLES);
        assertThat(count("domain_event_entry where payload_type like '%ApiKey%'")).as("key events exist")
                .isGreaterThanOrEqualTo(8);
        assertThat(count("api_key_view")).isGreaterThanOrEqualTo(4);
        for (String table : tables) {
            List<Map<String, Object>> rows = jdbc.queryForList("select * from " + table);
            for (Map<String, Object> row : rows) {
                for (Map.Entry<String, Object> column : row.entrySet()) {
                    String text = asText(column.getValue());
                    for (String secret : secrets) {
                        assertThat(text).as("%s.%s", table, column.getKey()).doesNotContain(secret);
                    }
                }
            }
        }
    }

    private long count(String from) {
        Long count = jdbc.queryForObject("select count(*) from " + from, Long.class);
        return count == null ? 0 : count;
    }

    private static String asText(Object value) {
        if (value == null) {
            return "";
        }
        return value instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : value.toString();
    }

    private static String logText(ILoggingEvent event) {
        StringBuilder text = new StringBuilder(String.valueOf(event.getFormattedMessage()));
        if (event.getThrowableProxy() != null) {
            text.append('\n').append(ThrowableProxyUtil.asString(event.getThrowableProxy()));
        }
        if (event.getMDCPropertyMap() != null) {
            text.append('\n').append(event.getMDCPropertyMap());
        }
        return text.toString();
    }
}
