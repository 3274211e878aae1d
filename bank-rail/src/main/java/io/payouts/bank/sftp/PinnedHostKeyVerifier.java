package io.payouts.bank.sftp;

import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;

import java.net.SocketAddress;
import java.security.PublicKey;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Trusts the pinned host key only, and remembers which key a refused server presented, so the failed login can name
 * it. Not in the session's attributes: the session clears them as it closes, which its I/O thread may do before the
 * failed login looks. One verifier serves one channel, which connects once at a time.
 */
final class PinnedHostKeyVerifier implements ServerKeyVerifier {

    private final HostKeyPin pin;
    private final AtomicReference<String> refused = new AtomicReference<>();

    PinnedHostKeyVerifier(HostKeyPin pin) {
        this.pin = pin;
    }

    @Override
    public boolean verifyServerKey(ClientSession session, SocketAddress remoteAddress, PublicKey serverKey) {
        if (pin.matches(serverKey)) {
            return true;
        }
        refused.set(HostKeyPin.fingerprintOf(serverKey));
        return false;
    }

    /** Forgets a refusal before a new attempt to connect. */
    void forget() {
        refused.set(null);
    }

    /** The fingerprint of the key a server presented since {@link #forget}, if this verifier refused it. */
    Optional<String> refusedFingerprint() {
        return Optional.ofNullable(refused.getAndSet(null));
    }
}
