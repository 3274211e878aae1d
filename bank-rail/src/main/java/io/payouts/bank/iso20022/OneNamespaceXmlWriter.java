package io.payouts.bank.iso20022;

import javax.xml.namespace.NamespaceContext;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes every element JAXB marshals into one default namespace, declared on the root, as an ISO 20022 Document is
 * written: Prowide's model puts the message's elements in no namespace of their own (its types serve every version),
 * so JAXB alone would write them unqualified or under generated prefixes. The document declaration is the caller's.
 */
final class OneNamespaceXmlWriter implements XMLStreamWriter {

    private final XMLStreamWriter out;
    private final String namespace;
    private boolean rootWritten;

    OneNamespaceXmlWriter(XMLStreamWriter out, String namespace) {
        this.out = out;
        this.namespace = namespace;
    }

    @Override
    public void writeStartElement(String localName) throws XMLStreamException {
        out.writeStartElement(localName);
        if (!rootWritten) {
            out.writeDefaultNamespace(namespace);
            rootWritten = true;
        }
    }

    @Override
    public void writeStartElement(String namespaceURI, String localName) throws XMLStreamException {
        writeStartElement(localName);
    }

    @Override
    public void writeStartElement(String prefix, String localName, String namespaceURI) throws XMLStreamException {
        writeStartElement(localName);
    }

    @Override
    public void writeEmptyElement(String localName) throws XMLStreamException {
        out.writeEmptyElement(localName);
    }

    @Override
    public void writeEmptyElement(String namespaceURI, String localName) throws XMLStreamException {
        out.writeEmptyElement(localName);
    }

    @Override
    public void writeEmptyElement(String prefix, String localName, String namespaceURI) throws XMLStreamException {
        out.writeEmptyElement(localName);
    }

    @Override
    public void writeEndElement() throws XMLStreamException {
        out.writeEndElement();
    }

    @Override
    public void writeAttribute(String localName, String value) throws XMLStreamException {
        out.writeAttribute(localName, value);
    }

    @Override
    public void writeAttribute(String namespaceURI, String localName, String value) throws XMLStreamException {
        requireNoNamespace(namespaceURI, localName);
        out.writeAttribute(localName, value);
    }

    @Override
    public void writeAttribute(String prefix, String namespaceURI, String localName, String value)
            throws XMLStreamException {
        requireNoNamespace(namespaceURI, localName);
        out.writeAttribute(localName, value);
    }

    /** ISO 20022 attributes (Ccy) have none; one that had (xsi:type) would lose its meaning without it. */
    private static void requireNoNamespace(String namespaceURI, String localName) {
        if (namespaceURI != null && !namespaceURI.isEmpty()) {
            throw new IllegalStateException("attribute " + localName + " in namespace " + namespaceURI);
        }
    }

    @Override
    public void writeCharacters(String text) throws XMLStreamException {
        out.writeCharacters(text);
    }

    @Override
    public void writeCharacters(char[] text, int start, int length) throws XMLStreamException {
        out.writeCharacters(text, start, length);
    }

    @Override
    public void writeCData(String data) throws XMLStreamException {
        out.writeCharacters(data);
    }

    @Override
    public void writeNamespace(String prefix, String namespaceURI) {
    }

    @Override
    public void writeDefaultNamespace(String namespaceURI) {
    }

    @Override
    public String getPrefix(String uri) {
        return "";
    }

    @Override
    public void setPrefix(String prefix, String uri) {
    }

    @Override
    public void setDefaultNamespace(String uri) {
    }

    @Override
    public void setNamespaceContext(NamespaceContext context) {
    }

    @Override
    public NamespaceContext getNamespaceContext() {
        return out.getNamespaceContext();
    }

    @Override
    public void writeStartDocument() {
    }

    @Override
    public void writeStartDocument(String version) {
    }

    @Override
    public void writeStartDocument(String encoding, String version) {
    }

    @Override
    public void writeEndDocument() {
    }

    @Override
    public void writeComment(String data) throws XMLStreamException {
        out.writeComment(data);
    }

    @Override
    public void writeProcessingInstruction(String target) {
    }

    @Override
    public void writeProcessingInstruction(String target, String data) {
    }

    @Override
    public void writeDTD(String dtd) {
    }

    @Override
    public void writeEntityRef(String name) throws XMLStreamException {
        out.writeEntityRef(name);
    }

    @Override
    public void flush() throws XMLStreamException {
        out.flush();
    }

    @Override
    public void close() {
    }

    @Override
    public Object getProperty(String name) {
        return out.getProperty(name);
    }
}
