package io.payouts.bank.rail;

import io.payouts.bank.reach.RailProblems;
import io.payouts.bank.sftp.BankFileException;
import io.payouts.bank.sftp.BankUnreachableException;
import io.payouts.bank.sftp.HostKeyMismatchException;
import io.payouts.bank.sftp.SftpChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Instant;

/**
 * Sends the written files, oldest first, with their stored bytes under their fixed names: the channel writes a
 * {@code .part} and renames it, and counts a file already there with the same bytes as sent, so an upload cut short
 * (a crash, a lost answer) is simply done again. While the bank does not answer, files wait in the database and the
 * round stops; a file the bank refuses is parked once and tried again each round.
 */
class FileUpload {

    private static final Logger log = LoggerFactory.getLogger(FileUpload.class);
    private static final int FILES_PER_ROUND = 100;

    private final BankFiles files;
    private final OutboxPayments outbox;
    private final SftpChannel channel;
    private final String outboundFolder;
    private final BankLink link;
    private final RailProblems problems;
    private final TransactionTemplate transaction;
    private final Clock clock;

    FileUpload(BankFiles files, OutboxPayments outbox, SftpChannel channel, String outboundFolder, BankLink link,
               RailProblems problems, TransactionTemplate transaction, Clock clock) {
        this.files = files;
        this.outbox = outbox;
        this.channel = channel;
        this.outboundFolder = outboundFolder;
        this.link = link;
        this.problems = problems;
        this.transaction = transaction;
        this.clock = clock;
    }

    void uploadWaiting() {
        for (BankFile file : files.inState(FileState.WRITTEN, FILES_PER_ROUND)) {
            long started = System.nanoTime();
            try {
                channel.upload(outboundFolder, file.fileName(), file.content());
            } catch (HostKeyMismatchException wrongServer) {
                log.error("Refusing to send {}: {}", file.fileName(), wrongServer.getMessage());
                unreachable(file, wrongServer.getMessage());
                return;
            } catch (BankUnreachableException unreachable) {
                log.warn("The bank does not answer; {} waits: {}", file.fileName(), unreachable.getMessage());
                unreachable(file, unreachable.getMessage());
                return;
            } catch (BankFileException refused) {
                if (file.lastError() == null) {
                    problems.park(file.fileName(), null, null, "the bank refused the upload: " + refused.getMessage());
                }
                files.uploadFailed(file.id(), refused.getMessage());
                continue;
            }
            link.answered();
            transaction.executeWithoutResult(status -> {
                Instant now = clock.instant();
                files.uploaded(file.id(), now);
                outbox.sent(file.id(), now);
            });
            log.info("Sent {} to the bank ({} bytes, {} ms)", file.fileName(), file.content().length,
                    (System.nanoTime() - started) / 1_000_000);
        }
    }

    private void unreachable(BankFile file, String error) {
        link.unreachable(error);
        files.uploadFailed(file.id(), error);
    }
}
