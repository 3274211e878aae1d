package io.payouts.service.http;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.payouts.shared.StorableText;

import java.util.Map;

/** Turns a body Jackson could not read into the field it stumbled on and a plain description. */
public final class JsonProblems {

    /** How Jackson's duplicate detection begins its message: {@code Duplicate field 'amount'}. */
    private static final String DUPLICATE_FIELD = "Duplicate field '";

    private JsonProblems() {
    }

    /** The field at fault (or {@code body}) and its problem: one entry. */
    public static Map<String, String> describe(Throwable cause) {
        for (Throwable link = cause; link != null; link = link.getCause()) {
            if (link instanceof BodySizeLimitFilter.BodyTooLargeException tooLarge) {
                return Map.of("body", "must be at most " + tooLarge.maxBytes + " bytes");
            }
            if (link instanceof StorableTextJsonFactory.UnstorableTextException unstorable) {
                return Map.of(unstorable.field(), StorableTextJsonFactory.UnstorableTextException.PROBLEM);
            }
            if (link instanceof StorableTextJsonFactory.UnreadableTextException unreadable) {
                return Map.of(unreadable.field(), StorableTextJsonFactory.UnreadableTextException.PROBLEM);
            }
            if (link instanceof JsonParseException parse && parse.getOriginalMessage() != null
                    && parse.getOriginalMessage().startsWith(DUPLICATE_FIELD)
                    && parse.getProcessor() != null) {
                return Map.of(duplicatedField(parse.getOriginalMessage(), parse.getProcessor()),
                        "is given more than once");
            }
        }
        if (cause instanceof UnrecognizedPropertyException unknown) {
            return Map.of(path(unknown), "is not a known field");
        }
        if (cause instanceof InvalidFormatException invalid && invalid.getTargetType() != null
                && invalid.getTargetType().isEnum()) {
            return Map.of(path(invalid), "must be one of " + ApiEnums.allowed(invalid.getTargetType()));
        }
        if (cause instanceof MismatchedInputException mismatched && !mismatched.getPath().isEmpty()) {
            return Map.of(path(mismatched), "must be " + expected(mismatched.getTargetType()));
        }
        if (cause instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return Map.of(path(mapping), "has an invalid value");
        }
        if (cause instanceof JsonProcessingException) {
            return Map.of("body", "is not valid JSON");
        }
        return Map.of("body", "is missing or unreadable");
    }

    /**
     * The path of the field the parser met twice: its object's path (the parser stands in that object, before the
     * second name) and the name, which only Jackson's message holds.
     */
    private static String duplicatedField(String message, JsonParser parser) {
        String name = message.substring(DUPLICATE_FIELD.length(), message.lastIndexOf('\''));
        String object = StorableTextJsonFactory.fieldPath(parser.getParsingContext().getParent());
        return StorableText.cleaned(object.equals("body") ? name : object + "." + name);
    }

    private static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            } else if (reference.getFieldName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(reference.getFieldName());
            }
        }
        return path.isEmpty() ? "body" : path.toString();
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "of a different type";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "an integer";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        return "an object";
    }
}
