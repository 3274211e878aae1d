package io.payouts.bank.iso20022;

import com.prowidesoftware.swift.model.mx.AbstractMX;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Marshaller;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A message's Document as the bytes of a file: UTF-8, declared, in the message's namespace without a prefix, no
 * AppHdr, no indentation; only what XML reserves is escaped, so a creditor's name reads {@code Zoë}. Marshalled by
 * JAXB straight to the bytes: Prowide's own writer goes through an event per tag and a string, about six times the
 * CPU for a file of a thousand payments.
 */
final class MxXml {

    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();
    private static final Map<Class<?>, JAXBContext> CONTEXTS = new ConcurrentHashMap<>();

    private MxXml() {
    }

    static byte[] bytes(AbstractMX message) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 * 1024);
            XMLStreamWriter xml = OUTPUT.createXMLStreamWriter(bytes, StandardCharsets.UTF_8.name());
            xml.writeStartDocument(StandardCharsets.UTF_8.name(), "1.0");
            Marshaller marshaller = contextOf(message.getClass()).createMarshaller();
            marshaller.setProperty(Marshaller.JAXB_FRAGMENT, true);
            marshaller.marshal(message, new OneNamespaceXmlWriter(xml, message.getNamespace()));
            xml.writeEndDocument();
            xml.close();
            return bytes.toByteArray();
        } catch (JAXBException | XMLStreamException failed) {
            throw new IllegalStateException("could not write " + message.getClass().getSimpleName(), failed);
        }
    }

    private static JAXBContext contextOf(Class<?> messageClass) {
        return CONTEXTS.computeIfAbsent(messageClass, type -> {
            try {
                return JAXBContext.newInstance(type);
            } catch (JAXBException failed) {
                throw new IllegalStateException("no JAXB context for " + type.getSimpleName(), failed);
            }
        });
    }
}
