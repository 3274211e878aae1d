package io.payouts.bank.iso20022;

import com.prowidesoftware.swift.model.mx.AbstractMX;
import com.prowidesoftware.swift.model.mx.adapters.TypeAdaptersConfiguration;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Unmarshaller;
import jakarta.xml.bind.ValidationEvent;
import jakarta.xml.bind.annotation.adapters.XmlAdapter;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;
import org.xml.sax.helpers.XMLFilterImpl;

import java.io.ByteArrayInputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.transform.sax.SAXSource;

/**
 * Reads one ISO 20022 message into prowide's model, refusing what prowide's own parser lets through: a file that is
 * not XML, a Document of another message, and elements the message does not have or values of the wrong type. Prowide
 * parses leniently (garbage gives null, a stranger's document an empty object), which would turn a broken bank file
 * into missing data instead of an error. Required elements are checked by the readers that map the model.
 */
final class StrictMxParser<T extends AbstractMX> {

    private static final String ISO_NAMESPACE_PREFIX = "urn:iso:std:iso:20022:tech:xsd:";
    private static final Pattern ISO_NAMESPACE = Pattern.compile(Pattern.quote(ISO_NAMESPACE_PREFIX) + "(.+)");
    private static final Map<Class<?>, JAXBContext> CONTEXTS = new ConcurrentHashMap<>();

    private final Class<T> type;
    private final String messageName;
    private final Class<?>[] modelClasses;
    private final SAXParserFactory parsers;

    /**
     * @param messageName  the message and version the file must be, such as {@code pain.002.001.10}
     * @param modelClasses the prowide classes of that message ({@code MxPain00200110._classes})
     */
    StrictMxParser(Class<T> type, String messageName, Class<?>[] modelClasses) {
        this.type = type;
        this.messageName = messageName;
        this.modelClasses = modelClasses.clone();
        this.parsers = secureParsers();
    }

    T parse(byte[] content) {
        if (content == null || content.length == 0) {
            throw new UnreadableBankFileException("the file is empty, not a " + messageName);
        }
        AtomicReference<String> firstProblem = new AtomicReference<>();
        try {
            Unmarshaller unmarshaller = context().createUnmarshaller();
            for (XmlAdapter<?, ?> adapter : new TypeAdaptersConfiguration().asList()) {
                unmarshaller.setAdapter(adapter);
            }
            unmarshaller.setEventHandler(event -> {
                firstProblem.compareAndSet(null, describe(event));
                return false;
            });
            DocumentFilter filter = new DocumentFilter(newXmlReader());
            SAXSource source = new SAXSource(filter, new InputSource(new ByteArrayInputStream(content)));
            T message = unmarshaller.unmarshal(source, type).getValue();
            if (firstProblem.get() != null) {
                throw new UnreadableBankFileException(problem(firstProblem.get()));
            }
            return message;
        } catch (JAXBException | SAXException | ParserConfigurationException | RuntimeException failure) {
            if (failure instanceof UnreadableBankFileException unreadable) {
                throw unreadable;
            }
            throw new UnreadableBankFileException(problem(reason(failure, firstProblem.get())), failure);
        }
    }

    /** A JAXP factory is not thread-safe, and readers are shared between threads. */
    private XMLReader newXmlReader() throws ParserConfigurationException, SAXException {
        synchronized (parsers) {
            return parsers.newSAXParser().getXMLReader();
        }
    }

    private JAXBContext context() {
        return CONTEXTS.computeIfAbsent(type, ignored -> {
            try {
                return JAXBContext.newInstance(modelClasses);
            } catch (JAXBException e) {
                throw new IllegalStateException("prowide's model for " + messageName + " does not bind", e);
            }
        });
    }

    private String problem(String reason) {
        return "not a readable " + messageName + ": " + reason;
    }

    private String reason(Throwable failure, String firstProblem) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof WrongDocumentException wrong) {
                return wrong.getMessage();
            }
            if (cause instanceof SAXParseException notXml) {
                return "not well-formed XML at line " + notXml.getLineNumber() + ": " + notXml.getMessage();
            }
            if (cause instanceof JAXBException jaxb && jaxb.getLinkedException() != null
                    && jaxb.getLinkedException() != cause) {
                String linked = reason(jaxb.getLinkedException(), null);
                if (linked != null) {
                    return linked;
                }
            }
        }
        return firstProblem != null ? firstProblem : String.valueOf(failure.getMessage());
    }

    private static String describe(ValidationEvent event) {
        int line = event.getLocator() == null ? -1 : event.getLocator().getLineNumber();
        return (line > 0 ? "line " + line + ": " : "") + event.getMessage();
    }

    private static SAXParserFactory secureParsers() {
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            return factory;
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("the JDK's SAX parser refuses the secure settings", e);
        }
    }

    /**
     * Lets through only a {@code Document} in the message's namespace and hands its elements to JAXB without the
     * namespace, the way prowide's model (shared by every message) binds them.
     */
    private final class DocumentFilter extends XMLFilterImpl {

        private int depth;

        DocumentFilter(XMLReader parent) {
            super(parent);
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes attributes)
                throws SAXException {
            if (depth++ == 0) {
                requireDocumentOfTheMessage(uri, localName);
            }
            if (namespace().equals(uri)) {
                super.startElement("", localName, localName, attributes);
            } else {
                super.startElement(uri, localName, qName, attributes);
            }
        }

        @Override
        public void endElement(String uri, String localName, String qName) throws SAXException {
            depth--;
            if (namespace().equals(uri)) {
                super.endElement("", localName, localName);
            } else {
                super.endElement(uri, localName, qName);
            }
        }

        @Override
        public void startPrefixMapping(String prefix, String uri) {
            // The message's namespace is dropped from the elements, so its prefix binding must not reach JAXB either.
        }

        @Override
        public void endPrefixMapping(String prefix) {
            // See startPrefixMapping.
        }

        private void requireDocumentOfTheMessage(String uri, String localName) throws WrongDocumentException {
            Matcher iso = ISO_NAMESPACE.matcher(uri == null ? "" : uri);
            if (!iso.matches()) {
                throw new WrongDocumentException("the root element is " + (uri == null || uri.isEmpty() ? "" : "{"
                        + uri + "}") + localName + ", not an ISO 20022 Document");
            }
            if (!iso.group(1).equals(messageName)) {
                throw new WrongDocumentException("the file is a " + iso.group(1) + ", not a " + messageName);
            }
            if (!"Document".equals(localName)) {
                throw new WrongDocumentException("the root element is " + localName + ", not Document");
            }
        }

        private String namespace() {
            return ISO_NAMESPACE_PREFIX + messageName;
        }
    }

    private static final class WrongDocumentException extends SAXException {
        WrongDocumentException(String message) {
            super(message);
        }
    }
}
