package io.payouts.webhook.subscription;

import io.payouts.shared.InvalidFieldException;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WebhookTargetsTest {

    private final WebhookTargets strict = new WebhookTargets(false);
    private final WebhookTargets insecure = new WebhookTargets(true);

    @Test
    void refusesPlainHttp() {
        assertThatThrownBy(() -> strict.require("http://93.184.215.14/hooks"))
                .isInstanceOf(InvalidFieldException.class).hasMessageContaining("url").hasMessageContaining("https");
    }

    @Test
    void refusesLoopbackPrivateAndLinkLocalTargets() {
        for (String url : new String[]{"https://127.0.0.1/hooks", "https://localhost/hooks", "https://10.1.2.3/",
                "https://192.168.0.10/", "https://172.16.5.4/", "https://169.254.169.254/latest", "https://[::1]/",
                "https://[fd00::1]/", "https://0.0.0.0/"}) {
            assertThatThrownBy(() -> strict.require(url)).as(url)
                    .isInstanceOf(InvalidFieldException.class).hasMessageContaining("url");
        }
    }

    @Test
    void acceptsAnHttpsTargetOnAPublicAddress() {
        assertThat(strict.require("https://93.184.215.14/hooks").toString()).isEqualTo("https://93.184.215.14/hooks");
    }

    @Test
    void theInsecureSettingAllowsLocalPlainHttpReceivers() {
        assertThat(insecure.require("http://127.0.0.1:8089/hooks").getPort()).isEqualTo(8089);
    }

    @Test
    void refusesWhatIsNotAnAbsoluteWebUrl() {
        for (String url : new String[]{"", "not a url", "ftp://example.com/", "/relative",
                "https://user:pw@example.com/"}) {
            assertThatThrownBy(() -> insecure.require(url)).as(url).isInstanceOf(InvalidFieldException.class);
        }
    }

    @Test
    void classifiesCarrierGradeNatAsInternal() throws UnknownHostException {
        assertThat(WebhookTargets.internal(InetAddress.getByName("100.64.0.1"))).isTrue();
        assertThat(WebhookTargets.internal(InetAddress.getByName("8.8.8.8"))).isFalse();
    }
}
