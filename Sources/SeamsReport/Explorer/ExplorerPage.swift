import Foundation

/// The explorer as one self-contained HTML file: the data as JSON, each view's Graphviz SVG
/// inside it, and the page's own style and script. Nothing is loaded from anywhere: a content
/// security policy forbids it, so a page opened from disk makes no network request.
public enum ExplorerPage {
    /// How the page embeds its data and drawings: as text, or packed (gzip-compressed by the
    /// function given, then base64), which the page inflates with the browser's
    /// `DecompressionStream` before it draws. A large app's drawings and data are a third to a
    /// fifth of their size packed.
    public enum Packing: Sendable {
        case plain
        case gzip(@Sendable (Data) -> Data)
    }

    public static func html(_ data: ExplorerData, packing: Packing = .plain) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out +=
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"seams\">\n"
        out += "<title>seams · \(text(data.title))</title>\n<style>\n\(ExplorerStyle.css)</style>\n</head>\n"
        out += "<body data-page=\"\(data.page)\">\n\(body)"
        // Each view's drawing as it is: Graphviz writes `<` in text as `&lt;`, so no drawing
        // can close the script element. Packed, the text is base64, which has no `<` either.
        func script(_ type: String, _ id: String, _ text: String) -> String {
            switch packing {
            case .plain:
                return "<script type=\"\(type)\" id=\"\(id)\">\(text)</script>\n"
            case .gzip(let compress):
                return
                    "<script type=\"\(type)\" id=\"\(id)\" data-packing=\"gzip\">\(compress(Data(text.utf8)).base64EncodedString())</script>\n"
            }
        }
        out += script("application/json", "seams-data", json(data))
        for (i, view) in data.views.enumerated() {
            out += script("image/svg+xml", "view-\(i)", compact(view.svg))
        }
        out += "<script>\n\(ExplorerScript.js)</script>\n</body>\n</html>\n"
        return out
    }

    private static let body = """
        <header>
          <h1 id="title"></h1>
          <nav id="crumbs" aria-label="level"></nav>
          <div id="searchbox">
            <input id="search" type="search" placeholder="Search types, folders and modules ( / )" autocomplete="off" spellcheck="false" aria-label="search">
            <ul id="suggestions" role="listbox" hidden></ul>
          </div>
          <div id="controls">
            <label>depth <select id="depth"><option>1</option><option>2</option><option>3</option></select></label>
            <label>edges <select id="direction"><option value="both">in and out</option><option value="in">in (dependents)</option><option value="out">out (dependencies)</option></select></label>
            <label title="only the edges that touch the focused type"><input type="checkbox" id="star"> star</label>
            <label id="changed-only-label" hidden><input type="checkbox" id="changed-only"> changed only</label>
            <button id="zoom-out" title="zoom out ( - )">−</button><button id="zoom-fit" title="fit ( 0 )">fit</button><button id="zoom-in" title="zoom in ( + )">+</button>
          </div>
        </header>
        <main>
          <section id="stage">
            <div id="tabs" role="tablist"><button id="tab-map" class="on" role="tab">Map</button><button id="tab-matrix" role="tab">Matrix</button><span id="status"></span></div>
            <div id="map"></div>
            <div id="matrix" hidden></div>
          </section>
          <aside id="side">
            <section id="details"><h2>Details</h2><p class="hint">Click a type, a module or an edge. <kbd>/</kbd> searches, <kbd>Esc</kbd> clears the focus.</p></section>
            <section id="changes" hidden></section>
            <section id="hubs"></section>
            <section id="cycles"></section>
            <section id="legend"></section>
          </aside>
        </main>
        <noscript><p>The explorer needs JavaScript; the maps are also drawn by <code>seams graph --output map.svg</code>.</p></noscript>

        """

    /// JSON that can stand inside a script element: `<`, `>` and `&` appear only inside JSON
    /// strings, where their \u escapes mean the same.
    static func json(_ data: ExplorerData) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain values of strings, numbers and arrays cannot fail.
        let text = String(decoding: try! encoder.encode(data), as: UTF8.self)
        var out = ""
        out.reserveCapacity(text.utf8.count + 1024)
        for ch in text.unicodeScalars {
            switch ch {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Graphviz's SVG without what the page does not need: the XML prolog and doctype, comments,
    /// edge titles (the page knows every edge), and the attributes every node, edge and text
    /// repeats, which the page's style gives their groups to inherit (an attribute of the
    /// element itself, such as a red stroke, still wins over an inherited value); its
    /// coordinates rounded (`SVGNumbers`). One pass over the bytes: a large app's page has
    /// hundreds of drawings of hundreds of kilobytes.
    static func compact(_ svg: String) -> String {
        let b = Array(svg.utf8)
        guard let start = find(Array("<svg".utf8), in: b, from: 0) else { return svg }
        var out: [UInt8] = []
        out.reserveCapacity(b.count - start)
        let commentOpen = Array("<!--".utf8), commentClose = Array("-->".utf8)
        let edgeTitle = Array("class=\"edge\">\n<title>".utf8), titleClose = Array("</title>\n".utf8)
        let keptOfEdgeTitle = Array("class=\"edge\">".utf8)
        var i = start
        while i < b.count {
            if b[i] == UInt8(ascii: "<"), starts(commentOpen, in: b, at: i) {
                guard let close = find(commentClose, in: b, from: i + commentOpen.count) else { break }
                i = close + commentClose.count
                while i < b.count, b[i] == UInt8(ascii: "\n") { i += 1 }
                continue
            }
            if b[i] == UInt8(ascii: "c"), starts(edgeTitle, in: b, at: i),
                let close = find(titleClose, in: b, from: i + edgeTitle.count)
            {
                out += keptOfEdgeTitle
                i = close + titleClose.count
                continue
            }
            if b[i] == UInt8(ascii: " ") || b[i] == UInt8(ascii: "<"),
                let (repeated, shorter) = repeatedAttributes.first(where: { starts($0.0, in: b, at: i) })
            {
                out += shorter
                i += repeated.count
                continue
            }
            out.append(b[i])
            i += 1
        }
        return String(decoding: SVGNumbers.rounded(out), as: UTF8.self)
    }

    /// What every node, edge and text repeats, and what stands for it (the page's style gives
    /// the rest).
    private static let repeatedAttributes: [([UInt8], [UInt8])] = [
        (" font-family=\"Helvetica,sans-Serif\"", ""),
        (" font-family=\"Helvetica-Bold,sans-Serif\"", " font-weight=\"bold\""),
        (" text-anchor=\"middle\"", ""),
        (" stroke=\"\(DOTEncoder.edgeColor)\" stroke-width=\"0.8\"", ""),
        // An arrowhead: its fill and its stroke both the edge's colour.
        (
            "<polygon fill=\"\(DOTEncoder.edgeColor)\" stroke=\"\(DOTEncoder.edgeColor)\" stroke-width=\"0.8\" points",
            "<polygon points"
        ),
        ("<polygon fill=\"\(DOTEncoder.edgeColor)\" points", "<polygon points"),
        (" stroke=\"\(DOTEncoder.nodeOutline)\" stroke-width=\"0.8\"", ""),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

    private static func starts(_ pattern: [UInt8], in bytes: [UInt8], at i: Int) -> Bool {
        guard i + pattern.count <= bytes.count else { return false }
        for k in pattern.indices where bytes[i + k] != pattern[k] { return false }
        return true
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        var i = from
        while i + pattern.count <= bytes.count {
            if bytes[i] == pattern[0], starts(pattern, in: bytes, at: i) { return i }
            i += 1
        }
        return nil
    }

    static func text(_ s: String) -> String { HTMLText.escape(s) }
}
