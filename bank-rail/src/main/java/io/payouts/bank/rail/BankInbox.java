package io.payouts.bank.rail;

import io.payouts.bank.iso20022.Camt054Reader;
import io.payouts.bank.iso20022.Pain002Reader;
import io.payouts.bank.iso20022.UnreadableBankFileException;
import io.payouts.bank.reach.RailProblems;
import io.payouts.bank.sftp.BankFileException;
import io.payouts.bank.sftp.BankUnreachableException;
import io.payouts.bank.sftp.SftpChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * One round of reading what the bank sent (ADR-0034): every file in the inbound folder not done yet, in name order,
 * claimed, read, applied and archived. A file that does not parse is parked and archived, and the next file goes on;
 * a file whose application fails on the way (the database or the bus out of reach) stays claimed and is read again at
 * the next round, which its payments' states make harmless. While the bank does not answer, nothing is read.
 */
public final class BankInbox {

    private static final Logger log = LoggerFactory.getLogger(BankInbox.class);
    private static final String PAIN_002 = "urn:iso:std:iso:20022:tech:xsd:pain.002";
    private static final String CAMT_054 = "urn:iso:std:iso:20022:tech:xsd:camt.054";
    private static final int LISTINGS_PER_ROUND = 3;

    private final SftpChannel channel;
    private final BankRailProperties.Sftp folders;
    private final InboundClaims claims;
    private final StatusReports statusReports;
    private final Notifications notifications;
    private final RailProblems problems;
    private final BankLink link;
    private final Pain002Reader pain002 = new Pain002Reader();
    private final Camt054Reader camt054 = new Camt054Reader();

    BankInbox(SftpChannel channel, BankRailProperties.Sftp folders, InboundClaims claims, StatusReports statusReports,
              Notifications notifications, RailProblems problems, BankLink link) {
        this.channel = channel;
        this.folders = folders;
        this.claims = claims;
        this.statusReports = statusReports;
        this.notifications = notifications;
        this.problems = problems;
        this.link = link;
    }

    /** Reads until the folder holds nothing new, a few listings at most, so a file that came meanwhile waits no round. */
    public void runRound() {
        for (int listing = 0; listing < LISTINGS_PER_ROUND; listing++) {
            if (!readNewFiles()) {
                return;
            }
        }
    }

    /** @return whether a file was read; false also when the bank does not answer */
    private boolean readNewFiles() {
        List<String> names;
        try {
            names = channel.list(folders.inboundFolder());
        } catch (BankUnreachableException unreachable) {
            log.warn("The bank does not answer; its files wait: {}", unreachable.getMessage());
            link.unreachable(unreachable.getMessage());
            return false;
        }
        link.answered();
        Map<String, InboundClaims.State> states = claims.statesOf(names);
        boolean read = false;
        try {
            for (String name : names) {
                InboundClaims.State state = states.get(name);
                if (state == null || state == InboundClaims.State.CLAIMED) {
                    claims.claim(name);
                    byte[] content = channel.read(folders.inboundFolder(), name);
                    String kind = apply(name, content);
                    claims.done(name, kind == null ? InboundClaims.State.UNREADABLE : InboundClaims.State.PROCESSED,
                            kind);
                    read = true;
                }
                archive(name);
            }
        } catch (BankUnreachableException unreachable) {
            log.warn("The bank stopped answering; the rest of its files wait: {}", unreachable.getMessage());
            link.unreachable(unreachable.getMessage());
            return false;
        }
        return read;
    }

    /** @return the kind of file applied, or null if it was parked as unreadable */
    private String apply(String name, byte[] content) {
        String head = new String(content, 0, Math.min(content.length, 4096), StandardCharsets.UTF_8);
        try {
            if (head.contains(PAIN_002)) {
                statusReports.apply(name, pain002.read(content));
                return StatusApplier.PAIN_002;
            }
            if (head.contains(CAMT_054)) {
                notifications.apply(name, camt054.read(content));
                return StatusApplier.CAMT_054;
            }
            problems.park(name, null, null, "the file is neither a pain.002 status report nor a camt.054 "
                    + "notification; nothing was read from it");
        } catch (UnreadableBankFileException unreadable) {
            problems.park(name, null, null, "the file does not parse: " + unreadable.getMessage());
        }
        return null;
    }

    private void archive(String name) {
        try {
            channel.move(folders.inboundFolder(), name, folders.archiveFolder());
            claims.archived(name);
        } catch (BankFileException refused) {
            log.warn("Could not archive {}; it stays in {} and is not read again: {}", name,
                    folders.inboundFolder(), refused.getMessage());
        }
    }
}
