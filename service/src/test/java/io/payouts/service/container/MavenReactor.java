package io.payouts.service.container;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

/** The modules of a Maven reactor and the files of the repository that {@code mvnw package} reads to build them. */
final class MavenReactor {

    /** A module's folder and its pom, relative to the reactor's root and {@code /}-separated. */
    record Module(String directory, String pom) {
    }

    private MavenReactor() {
    }

    /**
     * Every module the root pom's {@code <modules>} lists, and the modules of those that aggregate others. Modules of
     * a {@code <profile>} are left out: the image's build activates none.
     */
    static List<Module> modules(Path root) throws IOException {
        List<Module> modules = new ArrayList<>();
        collect(root, "", modules);
        return modules;
    }

    static boolean isAggregator(Path pom) throws IOException {
        return Files.isRegularFile(pom) && !moduleNames(pom).isEmpty();
    }

    /** The Maven wrapper, the root pom, and each module's pom and {@code src/main}, as they are on disk. */
    static SortedSet<String> buildInputs(Path root) throws IOException {
        SortedSet<String> inputs = new TreeSet<>(List.of("mvnw", "pom.xml"));
        inputs.addAll(filesUnder(root, ".mvn"));
        for (Module module : modules(root)) {
            inputs.add(module.pom());
            inputs.addAll(filesUnder(root, module.directory() + "/src/main"));
        }
        return inputs;
    }

    private static void collect(Path root, String directory, List<Module> modules) throws IOException {
        Path pom = directory.isEmpty() ? root.resolve("pom.xml") : root.resolve(directory).resolve("pom.xml");
        for (String name : moduleNames(pom)) {
            String module = DockerGlob.clean(directory.isEmpty() ? name : directory + "/" + name);
            boolean namesAPom = module.endsWith(".xml");
            String moduleDirectory = namesAPom ? module.substring(0, Math.max(module.lastIndexOf('/'), 0)) : module;
            modules.add(new Module(moduleDirectory, namesAPom ? module : module + "/pom.xml"));
            if (!namesAPom && isAggregator(root.resolve(module).resolve("pom.xml"))) {
                collect(root, module, modules);
            }
        }
    }

    private static List<String> moduleNames(Path pom) throws IOException {
        if (!Files.isRegularFile(pom)) {
            return List.of();
        }
        Element project = parse(pom);
        List<String> names = new ArrayList<>();
        for (Element modules : children(project, "modules")) {
            for (Element module : children(modules, "module")) {
                names.add(module.getTextContent().strip());
            }
        }
        return names;
    }

    private static Element parse(Path pom) throws IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setNamespaceAware(true);
            return factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException(pom + " is not a readable pom", e);
        }
    }

    private static List<Element> children(Element parent, String localName) {
        List<Element> children = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && localName.equals(element.getLocalName())) {
                children.add(element);
            }
        }
        return children;
    }

    private static List<String> filesUnder(Path root, String directory) throws IOException {
        Path start = root.resolve(directory);
        if (!Files.isDirectory(start)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(start)) {
            return files.filter(Files::isRegularFile).map(file -> BuildContext.relative(root, file)).toList();
        }
    }
}
