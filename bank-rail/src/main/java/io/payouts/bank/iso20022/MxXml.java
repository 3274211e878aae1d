package io.payouts.bank.iso20022;

import com.prowidesoftware.swift.model.mx.AbstractMX;
import com.prowidesoftware.swift.model.mx.EscapeHandler;
import com.prowidesoftware.swift.model.mx.MxWriteParams;

import java.nio.charset.StandardCharsets;

/** A message's Document as the bytes of a file: UTF-8, declared, without a namespace prefix, no AppHdr. */
final class MxXml {

    /**
     * Escapes only what XML reserves. Prowide's default also writes every non-ASCII letter as a character reference,
     * which is valid but turns a creditor's name into {@code Zo&#235;} for anyone reading the file.
     */
    private static final EscapeHandler RESERVED_ONLY = (characters, attribute) -> {
        StringBuilder escaped = new StringBuilder(characters.length);
        for (char c : characters) {
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append(attribute ? "&quot;" : "\"");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    };

    private MxXml() {
    }

    static byte[] bytes(AbstractMX message) {
        MxWriteParams params = new MxWriteParams();
        params.prefix = null;
        params.includeXMLDeclaration = true;
        params.escapeHandler = RESERVED_ONLY;
        return message.document(params).getBytes(StandardCharsets.UTF_8);
    }
}
