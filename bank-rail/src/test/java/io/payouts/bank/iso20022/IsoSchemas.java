package io.payouts.bank.iso20022;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import java.io.ByteArrayInputStream;
import java.net.URL;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.fail;

/**
 * Validates files against the ISO 20022 XSDs that hbci4j-core ships at its jar's root (test scope only).
 *
 * <p>No Maven Central artifact ships camt.054.001.08.xsd, but camt.052.001.08 is its sibling of the same release:
 * both are a GrpHdr (GroupHeader81) and account blocks of ReportEntry10 entries, and differ only in the message,
 * block, pagination and closing-text element names (and camt.052's optional balances). A camt.054 is validated by
 * renaming those five elements and its namespace and validating the result against camt.052.001.08.xsd.
 */
public final class IsoSchemas {

    public static final String PAIN_001 = "pain.001.001.09";
    public static final String PAIN_002 = "pain.002.001.10";
    private static final String CAMT_052 = "camt.052.001.08";
    private static final String NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:";
    private static final Map<String, String> CAMT_054_TO_052 = Map.of(
            "BkToCstmrDbtCdtNtfctn", "BkToCstmrAcctRpt",
            "Ntfctn", "Rpt",
            "NtfctnPgntn", "RptPgntn",
            "AddtlNtfctnInf", "AddtlRptInf");
    private static final Map<String, Schema> SCHEMAS = new ConcurrentHashMap<>();

    private IsoSchemas() {
    }

    /** Fails the test with the validator's first complaint unless {@code xml} is valid against {@code message}. */
    public static void assertValid(byte[] xml, String message) {
        try {
            schema(message).newValidator().validate(new StreamSource(new ByteArrayInputStream(xml)));
        } catch (SAXException invalid) {
            fail("not a valid " + message + ": " + invalid.getMessage());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Validates a camt.054.001.08 against the camt.052.001.08 schema, renamed as the class comment explains. */
    public static void assertValidCamt054(byte[] xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            Document camt054 = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
            if (!(NAMESPACE + "camt.054.001.08").equals(camt054.getDocumentElement().getNamespaceURI())) {
                fail("not a camt.054.001.08 document: " + camt054.getDocumentElement().getNamespaceURI());
            }
            Document camt052 = factory.newDocumentBuilder().newDocument();
            camt052.appendChild(renamed(camt052, camt054.getDocumentElement()));
            schema(CAMT_052).newValidator().validate(new DOMSource(camt052));
        } catch (SAXException invalid) {
            fail("not a valid camt.054.001.08 (checked as camt.052.001.08): " + invalid.getMessage());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Node renamed(Document target, Element source) {
        String name = CAMT_054_TO_052.getOrDefault(source.getLocalName(), source.getLocalName());
        Element copy = target.createElementNS(NAMESPACE + CAMT_052, name);
        for (int i = 0; i < source.getAttributes().getLength(); i++) {
            Node attribute = source.getAttributes().item(i);
            if (!XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(attribute.getNamespaceURI())) {
                copy.setAttributeNS(attribute.getNamespaceURI(), attribute.getNodeName(), attribute.getNodeValue());
            }
        }
        for (Node child = source.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element) {
                copy.appendChild(renamed(target, element));
            } else if (child.getNodeType() == Node.TEXT_NODE) {
                copy.appendChild(target.createTextNode(child.getNodeValue()));
            }
        }
        return copy;
    }

    private static Schema schema(String message) {
        return SCHEMAS.computeIfAbsent(message, name -> {
            URL xsd = IsoSchemas.class.getClassLoader().getResource(name + ".xsd");
            if (xsd == null) {
                throw new IllegalStateException(name + ".xsd is not on the test classpath (hbci4j-core ships it)");
            }
            try {
                return SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd);
            } catch (SAXException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
