package io.payouts.service.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import io.payouts.shared.StorableText;

import java.io.DataInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Reads JSON whose every string and field name PostgreSQL can store: no U+0000 and no unpaired surrogate. Such text
 * would become a poison event, failing every projection that reads it. Checked in the parser, the rule holds for every
 * body whatever it is read into. A field given twice in one object is refused: which value counts is anyone's guess,
 * and a second of another type would reach the binding half-read. Refusals, and strings the parser cannot read, name
 * the field, where Jackson names only a position.
 */
public final class StorableTextJsonFactory extends JsonFactory {

    public StorableTextJsonFactory() {
        enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    }

    private StorableTextJsonFactory(StorableTextJsonFactory source) {
        super(source, null);
    }

    @Override
    public JsonFactory copy() {
        return new StorableTextJsonFactory(this);
    }

    @Override
    protected JsonParser _createParser(InputStream in, IOContext context) throws IOException {
        return new Checking(super._createParser(in, context));
    }

    @Override
    protected JsonParser _createParser(Reader reader, IOContext context) throws IOException {
        return new Checking(super._createParser(reader, context));
    }

    @Override
    protected JsonParser _createParser(char[] data, int offset, int length, IOContext context, boolean recyclable)
            throws IOException {
        return new Checking(super._createParser(data, offset, length, context, recyclable));
    }

    @Override
    protected JsonParser _createParser(byte[] data, int offset, int length, IOContext context) throws IOException {
        return new Checking(super._createParser(data, offset, length, context));
    }

    @Override
    protected JsonParser _createParser(DataInput input, IOContext context) throws IOException {
        return new Checking(super._createParser(input, context));
    }

    /** A string or field name of the body that PostgreSQL could not store. */
    public static final class UnstorableTextException extends JsonParseException {

        public static final String PROBLEM = "must not contain U+0000 or unpaired surrogates";

        private final String field;

        UnstorableTextException(JsonParser parser, String field) {
            super(parser, field + " " + PROBLEM);
            this.field = field;
        }

        /** The field, as {@code payouts[3].loadId}. */
        public String field() {
            return field;
        }
    }

    /** A string of the body that is not JSON text: bytes that are not UTF-8, or an unescaped control character. */
    public static final class UnreadableTextException extends JsonParseException {

        public static final String PROBLEM = "must be UTF-8 text with its control characters escaped";

        private final String field;

        UnreadableTextException(JsonParser parser, String field, JsonParseException cause) {
            super(parser, field + " " + PROBLEM, cause);
            this.field = field;
        }

        /** The field, as {@code payouts[3].loadId}. */
        public String field() {
            return field;
        }
    }

    private static final class Checking extends JsonParserDelegate {

        Checking(JsonParser parser) {
            super(parser);
        }

        @Override
        public JsonToken nextToken() throws IOException {
            return checked(delegate.nextToken());
        }

        @Override
        public JsonToken nextValue() throws IOException {
            return checked(delegate.nextValue());
        }

        private JsonToken checked(JsonToken token) throws IOException {
            if (token == JsonToken.VALUE_STRING && !StorableText.storable(text())
                    || token == JsonToken.FIELD_NAME && !StorableText.storable(delegate.currentName())) {
                throw new UnstorableTextException(delegate, fieldPath(delegate.getParsingContext()));
            }
            return token;
        }

        /** Jackson decodes a string only when it is read: here, while the parser still knows the field. */
        private String text() throws IOException {
            try {
                return delegate.getText();
            } catch (JsonParseException unreadable) {
                throw new UnreadableTextException(delegate, fieldPath(delegate.getParsingContext()), unreadable);
            }
        }
    }

    /** {@code payouts[3].loadId}; a field name that is itself unstorable shows U+FFFD where it cannot be stored. */
    static String fieldPath(JsonStreamContext context) {
        Deque<String> segments = new ArrayDeque<>();
        for (JsonStreamContext level = context; level != null && !level.inRoot(); level = level.getParent()) {
            if (level.inArray()) {
                segments.addFirst("[" + Math.max(level.getCurrentIndex(), 0) + "]");
            } else if (level.getCurrentName() != null) {
                segments.addFirst(level.getCurrentName());
            }
        }
        StringBuilder path = new StringBuilder();
        for (String segment : segments) {
            if (!path.isEmpty() && !segment.startsWith("[")) {
                path.append('.');
            }
            path.append(segment);
        }
        return path.isEmpty() ? "body" : StorableText.cleaned(path.toString());
    }
}
