package io.payouts.bank.sftp;

import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository.AttributeKey;

import java.net.SocketAddress;
import java.security.PublicKey;
import java.util.Optional;

/**
 * Trusts the pinned host key only, and remembers on the session which key a refused server presented, so the failed
 * login can name it.
 */
final class PinnedHostKeyVerifier implements ServerKeyVerifier {

    private static final AttributeKey<String> REFUSED_FINGERPRINT = new AttributeKey<>();

    private final HostKeyPin pin;

    PinnedHostKeyVerifier(HostKeyPin pin) {
        this.pin = pin;
    }

    @Override
    public boolean verifyServerKey(ClientSession session, SocketAddress remoteAddress, PublicKey serverKey) {
        if (pin.matches(serverKey)) {
            return true;
        }
        session.setAttribute(REFUSED_FINGERPRINT, HostKeyPin.fingerprintOf(serverKey));
        return false;
    }

    /** The fingerprint of the key the server presented, if this verifier refused it. */
    static Optional<String> refusedFingerprint(ClientSession session) {
        return session == null ? Optional.empty() : Optional.ofNullable(session.getAttribute(REFUSED_FINGERPRINT));
    }
}
