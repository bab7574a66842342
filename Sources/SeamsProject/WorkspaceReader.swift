import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads `*.xcworkspace/contents.xcworkspacedata`: the projects and package folders it names.
public enum WorkspaceReader {
    /// Absolute paths of the workspace's file references (projects, package folders).
    public static func references(of workspace: String, witness: FileWitness? = nil) -> [String] {
        guard let data = PathTools.contents(of: workspace + "/contents.xcworkspacedata", witness: witness) else {
            return []
        }
        let collector = Collector(container: PathTools.parent(workspace))
        let parser = XMLParser(data: data)
        parser.delegate = collector
        guard parser.parse() else { return [] }
        return collector.references.sorted()
    }

    /// Groups nest: a `group:` location is relative to the enclosing group's folder.
    private final class Collector: NSObject, XMLParserDelegate {
        let container: String
        var folders: [String]
        var references: [String] = []

        init(container: String) {
            self.container = container
            folders = [container]
        }

        func resolve(_ location: String) -> String? {
            guard let colon = location.firstIndex(of: ":") else { return nil }
            let kind = location[..<colon]
            let path = String(location[location.index(after: colon)...])
            switch kind {
            case "group": return PathTools.absolute(path, base: folders.last ?? container)
            case "container", "self": return PathTools.absolute(path, base: container)
            case "absolute": return PathTools.absolute(path, base: "/")
            default: return nil
            }
        }

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let location = attributes["location"].flatMap(resolve)
            switch element {
            case "Group": folders.append(location ?? folders.last ?? container)
            case "FileRef": if let location { references.append(location) }
            default: break
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if element == "Group", folders.count > 1 { folders.removeLast() }
        }
    }
}
