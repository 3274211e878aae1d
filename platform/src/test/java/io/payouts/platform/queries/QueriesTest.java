package io.payouts.platform.queries;

import org.axonframework.queryhandling.QueryHandler;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class QueriesTest {

    @Test
    void asksTheHandlerOfTheQuerysClassAndReturnsItsAnswer() {
        try (AnnotationConfigApplicationContext context = contextWith(Greetings.class, Sums.class)) {
            Queries queries = context.getBean(Queries.class);

            assertThat(queries.ask(new Greet("Ana"), String.class)).isEqualTo("hello Ana");
            assertThat(queries.ask(new Add(2, 3), Integer.class)).isEqualTo(5);
        }
    }

    @Test
    void aHandlersOwnExceptionReachesTheCallerAsItWasThrown() {
        try (AnnotationConfigApplicationContext context = contextWith(Greetings.class)) {
            Queries queries = context.getBean(Queries.class);

            assertThatThrownBy(() -> queries.ask(new Greet(""), String.class))
                    .isExactlyInstanceOf(NoOneToGreet.class)
                    .hasMessage("no name");
        }
    }

    @Test
    void aQueryWithoutAHandlerIsRefused() {
        try (AnnotationConfigApplicationContext context = contextWith(Greetings.class)) {
            Queries queries = context.getBean(Queries.class);

            assertThatThrownBy(() -> queries.ask(new Add(1, 1), Integer.class))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("no handler for " + Add.class.getName());
        }
    }

    @Test
    void twoHandlersOfOneQueryStopTheStart() {
        assertThatThrownBy(() -> contextWith(Greetings.class, OtherGreetings.class).close())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("two handlers for " + Greet.class.getName());
    }

    @Test
    void aHandlerTakesTheQueryAlone() {
        assertThatThrownBy(() -> contextWith(TwoParameters.class).close())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("a query handler takes the query alone");
    }

    private static AnnotationConfigApplicationContext contextWith(Class<?>... handlers) {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.register(QueriesConfiguration.class);
        context.register(handlers);
        context.refresh();
        return context;
    }

    record Greet(String name) {
    }

    record Add(int a, int b) {
    }

    static class NoOneToGreet extends RuntimeException {
        NoOneToGreet() {
            super("no name");
        }
    }

    static class Greetings {
        @QueryHandler
        String handle(Greet query) {
            if (query.name().isEmpty()) {
                throw new NoOneToGreet();
            }
            return "hello " + query.name();
        }
    }

    static class OtherGreetings {
        @QueryHandler
        String handle(Greet query) {
            return "hi";
        }
    }

    static class Sums {
        @QueryHandler
        Integer handle(Add query) {
            return query.a() + query.b();
        }
    }

    static class TwoParameters {
        @QueryHandler
        Integer handle(Add query, String extra) {
            return 0;
        }
    }
}
