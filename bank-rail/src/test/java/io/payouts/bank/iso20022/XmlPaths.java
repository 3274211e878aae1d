package io.payouts.bank.iso20022;

import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import java.io.ByteArrayInputStream;

/** Reads values out of a file by plain paths such as {@code /Document/CstmrCdtTrfInitn/GrpHdr/NbOfTxs}. */
public final class XmlPaths {

    private final Document document;

    private XmlPaths(Document document) {
        this.document = document;
    }

    /** Parsed without namespaces, so a path names elements by their local names. */
    public static XmlPaths of(byte[] xml) {
        try {
            return new XmlPaths(DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(xml)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public String text(String path) {
        try {
            return XPathFactory.newInstance().newXPath().evaluate(path, document);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public int count(String path) {
        try {
            return ((Number) XPathFactory.newInstance().newXPath()
                    .evaluate("count(" + path + ")", document, XPathConstants.NUMBER)).intValue();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
