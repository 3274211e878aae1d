package io.payouts.audit;

import io.payouts.shared.InvalidFieldException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EventCursorTest {

    @Test
    void aCursorLeadsBackToThePositionItWasMadeFrom() {
        assertThat(EventCursor.parse(EventCursor.after(12345))).isEqualTo(12345L);
        assertThat(EventCursor.parse(null)).isNull();
    }

    @Test
    void anythingElseIsABadCursorNamingTheParameter() {
        for (String bad : new String[] {"", "nonsense", "YmVmb3JlOg", "YmVmb3JlOi0x", "%%%"}) {
            assertThatThrownBy(() -> EventCursor.parse(bad)).as(bad).isInstanceOf(InvalidFieldException.class)
                    .satisfies(e -> assertThat(((InvalidFieldException) e).details()).containsKey("cursor"));
        }
    }
}
