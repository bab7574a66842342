import Foundation

/// The explorer as one self-contained HTML file: the data as JSON, each view's Graphviz SVG
/// inside it, and the page's own style and script. Nothing is loaded from anywhere: a content
/// security policy forbids it, so a page opened from disk makes no network request.
public enum ExplorerPage {
    public static func html(_ data: ExplorerData) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out +=
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"seams\">\n"
        out += "<title>seams · \(text(data.title))</title>\n<style>\n\(ExplorerStyle.css)</style>\n</head>\n"
        out += "<body data-page=\"\(data.page)\">\n\(body)"
        out += "<script type=\"application/json\" id=\"seams-data\">\(json(data))</script>\n"
        // Each view's drawing as it is: Graphviz writes `<` in text as `&lt;`, so no drawing
        // can close the script element.
        for (i, view) in data.views.enumerated() {
            out += "<script type=\"image/svg+xml\" id=\"view-\(i)\">\(compact(view.svg))</script>\n"
        }
        out += "<script>\n\(ExplorerScript.js)</script>\n</body>\n</html>\n"
        return out
    }

    private static let body = """
        <header>
          <h1 id="title"></h1>
          <nav id="crumbs" aria-label="level"></nav>
          <div id="searchbox">
            <input id="search" type="search" placeholder="Search types and modules ( / )" autocomplete="off" spellcheck="false" aria-label="search">
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
    /// element itself, such as a red stroke, still wins over an inherited value).
    static func compact(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return svg }
        var s = Substring(svg[start.lowerBound...])
        var out = ""
        out.reserveCapacity(s.utf8.count)
        while let open = s.range(of: "<!--") {
            out += s[..<open.lowerBound]
            guard let close = s.range(of: "-->", range: open.upperBound..<s.endIndex) else {
                s = s[s.endIndex...]
                break
            }
            s = s[close.upperBound...]
            while s.first == "\n" { s = s.dropFirst() }
        }
        out += s
        for (repeated, shorter) in [
            (" font-family=\"Helvetica,sans-Serif\"", ""),
            (" font-family=\"Helvetica-Bold,sans-Serif\"", " font-weight=\"bold\""),
            (" text-anchor=\"middle\"", ""),
            (" stroke=\"\(DOTEncoder.edgeColor)\" stroke-width=\"0.8\"", ""),
            ("<polygon fill=\"\(DOTEncoder.edgeColor)\" points", "<polygon points"),
            (" stroke=\"\(DOTEncoder.nodeOutline)\" stroke-width=\"0.8\"", ""),
        ] {
            out = out.replacingOccurrences(of: repeated, with: shorter)
        }
        return withoutEdgeTitles(out)
    }

    /// Drops `<title>…</title>` right after an edge group's opening tag.
    static func withoutEdgeTitles(_ svg: String) -> String {
        var out = ""
        out.reserveCapacity(svg.utf8.count)
        var rest = Substring(svg)
        while let open = rest.range(of: "class=\"edge\">\n<title>") {
            out += rest[..<open.lowerBound]
            out += "class=\"edge\">"
            guard let close = rest.range(of: "</title>\n", range: open.upperBound..<rest.endIndex) else {
                rest = rest[open.upperBound...]
                break
            }
            rest = rest[close.upperBound...]
        }
        out += rest
        return out
    }

    static func text(_ s: String) -> String { HTMLText.escape(s) }
}
