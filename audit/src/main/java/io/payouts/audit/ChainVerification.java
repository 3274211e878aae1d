package io.payouts.audit;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.payouts.query.consistency.ListCatchUp;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Walks each hash chain from its first link (ADR-0025), recomputing every link from the event's stored bytes as they
 * are now, and reports the first event whose link no longer matches: its bytes changed, it was deleted, or a link
 * was removed or rewritten. Reads the chain through a cursor, never all of it at once.
 */
@Component
public class ChainVerification {

    private final CursorReads cursor;
    private final ListCatchUp catchUp;
    private final StoredEventTable events;

    ChainVerification(CursorReads cursor, ListCatchUp catchUp, StoredEventTable events) {
        this.cursor = cursor;
        this.catchUp = catchUp;
        this.events = events;
    }

    public VerificationReport verify() {
        catchUp.await(ProcessingGroups.AUDIT_LOG);
        List<ChainReport> chains = new ArrayList<>();
        for (String chain : List.of(AuditLogWriter.PRODUCTION_CHAIN, AuditLogWriter.SANDBOX_CHAIN)) {
            chains.add(verify(chain));
        }
        BrokenLink first = chains.stream().map(ChainReport::firstBroken).filter(broken -> broken != null).findFirst()
                .orElse(null);
        return new VerificationReport(first == null, chains.stream().mapToLong(ChainReport::links).sum(), first, chains);
    }

    private ChainReport verify(String chain) {
        Walk walk = new Walk(chain);
        cursor.forEachRow("select a.link_no, a.event_id, a.previous_hash, a.hash, a.global_index as linked_index, "
                + StoredEvent.COLUMNS + " from audit_event a left join " + events.name() + " e"
                + " on e.global_index = a.global_index where a.chain = ? order by a.link_no", List.of(chain), walk);
        return new ChainReport(chain, walk.links, walk.head == null ? null : HexFormat.of().formatHex(walk.head),
                walk.broken);
    }

    /** One chain's walk; it stops judging at the first broken link. */
    private static final class Walk implements RowCallbackHandler {

        private final String chain;
        private long links;
        private byte[] head;
        private BrokenLink broken;

        Walk(String chain) {
            this.chain = chain;
        }

        @Override
        public void processRow(java.sql.ResultSet row) throws java.sql.SQLException {
            links++;
            if (broken != null) {
                return;
            }
            long linkNo = row.getLong("link_no");
            String eventId = row.getString("event_id");
            long globalIndex = row.getLong("linked_index");
            byte[] hash = row.getBytes("hash");
            if (linkNo != links) {
                broken = new BrokenLink(chain, linkNo, eventId, globalIndex, null, null,
                        "link " + links + " of the chain is missing");
            } else if (!Arrays.equals(row.getBytes("previous_hash"), head)) {
                broken = new BrokenLink(chain, linkNo, eventId, globalIndex, null, null,
                        "the link does not follow the one before it");
            } else if (row.getObject("global_index") == null) {
                broken = new BrokenLink(chain, linkNo, eventId, globalIndex, null, null,
                        "the event was deleted from the event store");
            } else {
                StoredEvent event = StoredEvent.ROWS.mapRow(row, (int) links);
                if (!Arrays.equals(ChainLinks.link(head, event), hash)) {
                    broken = new BrokenLink(chain, linkNo, eventId, globalIndex, event.aggregateIdentifier(),
                            event.sequenceNumber(), "the event's stored bytes no longer match its link");
                }
            }
            head = hash;
        }
    }

    /** The whole verification: {@code verified} when no chain has a broken link; {@code firstBroken} only then. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record VerificationReport(boolean verified, long checkedEvents, BrokenLink firstBroken,
                              List<ChainReport> chains) {
    }

    /** One chain: how many links, the newest link's hash (an auditor may record it), its first broken link. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ChainReport(String chain, long links, String headHash, BrokenLink firstBroken) {
    }

    public record BrokenLink(String chain, long linkNo, String eventId, long globalIndex, String aggregateId,
                  Long aggregateSequence, String problem) {
    }
}
