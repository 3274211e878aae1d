package io.payouts.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The plans PostgreSQL makes for the SQL the real code runs: a {@link Recorder} wraps a data source and keeps each
 * statement executed with the parameters bound to it; {@link #plan} explains a recorded statement with the same
 * parameters, so the plan is the one those values get; {@link #indexesOn} lists the indexes the plans can be held
 * against (every index of a read model's tables should serve a read).
 */
public final class QueryPlans {

    private static final ObjectMapper JSON = new ObjectMapper();

    private QueryPlans() {
    }

    /** Records every statement run through {@link Recorder#dataSource()}, until {@link Recorder#take()} takes them. */
    public static Recorder recording(DataSource target) {
        return new Recorder(target);
    }

    /**
     * {@code EXPLAIN (FORMAT JSON)} of the statement, its parameters bound as they were: the indexes the plan reads
     * (bitmap index scans too) and the tables it reads whole.
     */
    public static Plan plan(DataSource dataSource, Recorded statement) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement explain = connection.prepareStatement("EXPLAIN (FORMAT JSON) " + statement.sql())) {
            for (Binding binding : statement.bindings()) {
                binding.replayOn(explain, connection);
            }
            try (ResultSet result = explain.executeQuery()) {
                result.next();
                String json = result.getString(1);
                Set<String> indexes = new TreeSet<>();
                Set<String> seqScanned = new TreeSet<>();
                collect(JSON.readTree(json), indexes, seqScanned);
                return new Plan(statement.sql(), indexes, seqScanned, json);
            }
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("could not explain " + statement.sql(), e);
        }
    }

    /** Every index of these tables, the primary keys and unique constraints' too. */
    public static List<Index> indexesOn(JdbcTemplate jdbc, String... tables) {
        return jdbc.query("select indexname, tablename, indexdef from pg_indexes where schemaname = current_schema()"
                        + " and tablename::text = any (?) order by tablename, indexname",
                (row, index) -> new Index(row.getString(1), row.getString(2), row.getString(3)), (Object) tables);
    }

    private static void collect(JsonNode node, Set<String> indexes, Set<String> seqScanned) {
        if (node.has("Index Name")) {
            indexes.add(node.get("Index Name").asText());
        }
        if ("Seq Scan".equals(node.path("Node Type").asText())) {
            seqScanned.add(node.get("Relation Name").asText());
        }
        node.forEach(child -> collect(child, indexes, seqScanned));
    }

    /** A statement as the code ran it. */
    public record Recorded(String sql, List<Binding> bindings) {
    }

    /**
     * One {@code setXxx(index, value...)} call on a prepared statement. A {@link java.sql.Array} belongs to the
     * connection that made it, so it is kept as its elements and made again on the connection it is replayed on.
     */
    public record Binding(Method method, Object[] arguments) {

        void replayOn(PreparedStatement statement, Connection connection) throws SQLException {
            Object[] replayed = arguments.clone();
            for (int i = 0; i < replayed.length; i++) {
                if (replayed[i] instanceof ArrayValue array) {
                    replayed[i] = connection.createArrayOf(array.typeName(), array.elements());
                }
            }
            try {
                method.invoke(statement, replayed);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof SQLException cause) {
                    throw cause;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    private record ArrayValue(String typeName, Object[] elements) {
    }

    /** What a plan reads: the indexes it scans, and the tables it scans whole ("Seq Scan"). */
    public record Plan(String sql, Set<String> indexes, Set<String> seqScanned, String json) {
    }

    /** An index as {@code pg_indexes} defines it. */
    public record Index(String name, String table, String definition) {
    }

    /** A data source whose prepared and plain statements are recorded as they are executed. */
    public static final class Recorder {

        private final DataSource dataSource;
        private final List<Recorded> recorded = new ArrayList<>();

        private Recorder(DataSource target) {
            this.dataSource = proxy(DataSource.class, (self, method, arguments) -> {
                Object result = invoke(target, method, arguments);
                return result instanceof Connection connection ? recording(connection) : result;
            });
        }

        public DataSource dataSource() {
            return dataSource;
        }

        /** The statements executed since the last call, in their order. */
        public synchronized List<Recorded> take() {
            List<Recorded> taken = List.copyOf(recorded);
            recorded.clear();
            return taken;
        }

        private synchronized void add(Recorded statement) {
            recorded.add(statement);
        }

        private Connection recording(Connection connection) {
            return proxy(Connection.class, (self, method, arguments) -> {
                Object result = invoke(connection, method, arguments);
                if (result instanceof PreparedStatement prepared && method.getName().equals("prepareStatement")) {
                    return recording(prepared, (String) arguments[0]);
                }
                if (result instanceof Statement statement && method.getName().equals("createStatement")) {
                    return recording(statement);
                }
                return result;
            });
        }

        private PreparedStatement recording(PreparedStatement statement, String sql) {
            List<Binding> bindings = new ArrayList<>();
            return proxy(PreparedStatement.class, (self, method, arguments) -> {
                String name = method.getName();
                if (name.startsWith("set") && arguments != null && arguments.length >= 2
                        && arguments[0] instanceof Integer) {
                    bindings.add(new Binding(method, kept(arguments)));
                } else if (name.equals("clearParameters")) {
                    bindings.clear();
                } else if (name.equals("executeQuery") || name.equals("execute") || name.equals("executeUpdate")) {
                    add(new Recorded(sql, List.copyOf(bindings)));
                }
                return invoke(statement, method, arguments);
            });
        }

        private Statement recording(Statement statement) {
            return proxy(Statement.class, (self, method, arguments) -> {
                if (method.getName().startsWith("execute") && arguments != null && arguments.length > 0
                        && arguments[0] instanceof String sql) {
                    add(new Recorded(sql, List.of()));
                }
                return invoke(statement, method, arguments);
            });
        }

        private static Object[] kept(Object[] arguments) throws SQLException {
            Object[] kept = arguments.clone();
            for (int i = 0; i < kept.length; i++) {
                if (kept[i] instanceof Array array) {
                    kept[i] = new ArrayValue(array.getBaseTypeName(), (Object[]) array.getArray());
                }
            }
            return kept;
        }
    }

    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(QueryPlans.class.getClassLoader(), new Class<?>[] {type}, handler));
    }

    private static Object invoke(Object target, Method method, Object[] arguments) throws Throwable {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
