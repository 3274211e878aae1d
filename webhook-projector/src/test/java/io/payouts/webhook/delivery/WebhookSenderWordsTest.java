package io.payouts.webhook.delivery;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;

/** A failed attempt is told in words, as the webhook logs show it, never as a Java class name. */
class WebhookSenderWordsTest {

    @Test
    void saysARefusedConnectionInWords() {
        ConnectException refused = new ConnectException();
        refused.initCause(new ClosedChannelException());

        assertThat(WebhookSender.spoken(new CompletionException(refused))).startsWith("connection refused")
                .doesNotContain("java.", "Exception");
    }

    @Test
    void saysATimeoutWithItsSeconds() {
        assertThat(WebhookSender.spoken(new CompletionException(new HttpConnectTimeoutException("HTTP connect timed out"))))
                .isEqualTo("timed out: could not connect within 5 s");
        assertThat(WebhookSender.spoken(new HttpTimeoutException("request timed out")))
                .isEqualTo("timed out: no answer within 5 s");
    }

    @Test
    void saysABrokenConnectionWithoutTheClassName() {
        assertThat(WebhookSender.spoken(new CompletionException(new IOException())))
                .isEqualTo("the connection broke before the receiver answered");
        assertThat(WebhookSender.spoken(new IOException("HTTP/1.1 header parser received no bytes")))
                .isEqualTo("the connection broke: HTTP/1.1 header parser received no bytes");
        assertThat(WebhookSender.spoken(new CompletionException(new IllegalStateException())))
                .doesNotContain("java.", "Exception");
    }
}
