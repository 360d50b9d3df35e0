package in.results.alerts;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The few JDBC steps the alerts' stores share: a statement with bound values, a count, a column of text. */
final class Sql {
    private Sql() {}

    static int execute(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, values);
            return statement.executeUpdate();
        }
    }

    static int count(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, values);
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return row.getInt(1);
            }
        }
    }

    /** The first column of every row {@code sql} selects, as text. */
    static List<String> firstColumn(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, values);
            List<String> found = new ArrayList<>();
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    found.add(row.getString(1));
                }
            }
            return found;
        }
    }

    static void bind(PreparedStatement statement, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            Object value = values[i];
            switch (value) {
                case null -> statement.setNull(i + 1, java.sql.Types.BIGINT);
                case String text -> statement.setString(i + 1, text);
                case Integer number -> statement.setInt(i + 1, number);
                case Long number -> statement.setLong(i + 1, number);
                default -> throw new IllegalArgumentException("no binding for " + value.getClass());
            }
        }
    }
}
