import Foundation

/// Module colours, assigned in sorted module order, so a module keeps its colour between runs and
/// between the maps of one codebase. All are light enough for black text (CIE L* at least 65). The
/// first 20 are at least 18 CIE76 units apart from each other; the next 60 are chosen the same
/// way, farthest-first from a grid of pastel colours (L* at least 70, chroma at most 45: the
/// gamut's corners, cyan or lime, shout), so that any two of the first 80 are at least 10 apart. Beyond 80 modules, colours step round the hue circle by the golden angle (they may
/// come close: such maps are best drawn by module group).
public enum ModulePalette {
    static let first20 = [
        "#8dd3c7", "#ffffb3", "#bebada", "#80b1d3", "#fdb462", "#b3de69", "#ff80ff", "#ff8095", "#c2957e", "#80ffbf",
        "#e092d3", "#a6a6ff", "#80ff80", "#ffe6cc", "#89c27e", "#c2b261", "#ccffd4", "#b5c29b", "#ffff80", "#cceeff",
    ]

    /// The 80 colours kept apart.
    public static let colors: [String] = first20 + farthestFirst(after: first20, count: 60)

    /// `count` colours from a grid of pastel sRGB colours (16 levels a channel, 0 to 255), each
    /// the one farthest (CIE76) from every colour before it; ties go to the lower hex.
    static func farthestFirst(after chosen: [String], count: Int) -> [String] {
        var candidates: [(hex: String, lab: Lab)] = []
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    let lab = Lab(red: r, green: g, blue: b)
                    if lab.lightness >= 70, (lab.a * lab.a + lab.b * lab.b).squareRoot() <= 45 {
                        candidates.append((String(format: "#%02x%02x%02x", r, g, b), lab))
                    }
                }
            }
        }
        var nearest = candidates.map { candidate in
            chosen.map { Lab(hex: $0).distance(to: candidate.lab) }.min() ?? .infinity
        }
        var picked: [String] = []
        while picked.count < count, !candidates.isEmpty {
            var best = 0
            for i in candidates.indices.dropFirst()
            where nearest[i] > nearest[best]
                || (nearest[i] == nearest[best] && candidates[i].hex < candidates[best].hex)
            {
                best = i
            }
            let pick = candidates[best]
            picked.append(pick.hex)
            for i in candidates.indices { nearest[i] = min(nearest[i], pick.lab.distance(to: candidates[i].lab)) }
        }
        return picked
    }

    /// A colour in CIE L*a*b* (D65), for distances as the eye sees them (CIE76: straight lines).
    struct Lab {
        var lightness: Double
        var a: Double
        var b: Double

        init(red: Int, green: Int, blue: Int) {
            func linear(_ c: Int) -> Double {
                let x = Double(c) / 255
                return x > 0.04045 ? pow((x + 0.055) / 1.055, 2.4) : x / 12.92
            }
            let (r, g, b) = (linear(red), linear(green), linear(blue))
            func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
            let x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047)
            let y = f(r * 0.2126 + g * 0.7152 + b * 0.0722)
            let z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883)
            lightness = 116 * y - 16
            a = 500 * (x - y)
            self.b = 200 * (y - z)
        }

        init(hex: String) {
            let v = Int(hex.dropFirst(), radix: 16) ?? 0
            self.init(red: v >> 16, green: (v >> 8) & 255, blue: v & 255)
        }

        func distance(to other: Lab) -> Double {
            let (dl, da, db) = (lightness - other.lightness, a - other.a, b - other.b)
            return (dl * dl + da * da + db * db).squareRoot()
        }
    }

    /// A module's colour. Past the 80 colours kept apart, a module takes the colour of its group:
    /// the module among the first 80 whose name begins its own, the longest such name, at a word's
    /// end (`BookmarksTests` and `BookmarksUI` take the colour of `Bookmarks`; the page's module
    /// order puts test-only modules last, so they join their production module). A module of no
    /// group steps round the hue circle (`color(at:)`). Every map labels its module boxes.
    public static func color(of module: String?, among modules: [String]) -> String {
        guard let module, let i = modules.firstIndex(of: module) else { return "#ffffff" }
        return color(of: module, at: i, among: modules)
    }

    /// Every module's colour, as `color(of:among:)` gives it, worked out once for a map: a map
    /// of thousands of types looks each up, and the groups past 80 modules cost a scan each.
    public static func table(_ modules: [String]) -> [String: String] {
        var out: [String: String] = [:]
        for (i, module) in modules.enumerated() where out[module] == nil {
            out[module] = color(of: module, at: i, among: modules)
        }
        return out
    }

    /// The colour of `module`, at `i` in `modules`.
    private static func color(of module: String, at i: Int, among modules: [String]) -> String {
        guard i >= colors.count else { return color(at: i) }
        let group = modules.prefix(colors.count).indices.filter { g in
            let name = modules[g]
            guard module.count > name.count, module.hasPrefix(name) else { return false }
            let next = module[module.index(module.startIndex, offsetBy: name.count)]
            return next.isUppercase || next == "_" || next == "-" || next == "." || next == " "
        }.max { modules[$0].count < modules[$1].count }
        return color(at: group ?? i)
    }

    /// A module colour faded two thirds of the way to a light grey: test, preview and generated
    /// code in its module's colour, drawn as background.
    public static func muted(_ hex: String) -> String {
        guard hex.count == 7, let v = Int(hex.dropFirst(), radix: 16) else { return hex }
        let channels = [v >> 16, (v >> 8) & 255, v & 255].map { ($0 + 2 * 0xf2) / 3 }
        return "#" + channels.map { String(format: "%02x", $0) }.joined()
    }

    /// The colour of the module at `index` in sorted order.
    public static func color(at index: Int) -> String {
        if index < colors.count { return colors[index] }
        let hue = (Double(index - colors.count) * 137.508).truncatingRemainder(dividingBy: 360)
        return hex(hue: hue, saturation: 0.4, value: 0.95)
    }

    static func hex(hue: Double, saturation s: Double, value v: Double) -> String {
        let c = v * s
        let h = hue / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        let m = v - c
        return "#" + [r, g, b].map { String(format: "%02x", Int((($0 + m) * 255).rounded())) }.joined()
    }
}

/// A map's legend as one plaintext node holding an HTML-like table. One node stays in one piece
/// under every engine (sfdp scatters a cluster of swatches), and names each thing once.
public enum MapLegend {
    public enum Mark: Sendable {
        /// A swatch of a fill colour.
        case fill(String)
        /// A sample of an edge: its colour, dashed or not.
        case line(String, dashed: Bool)
        /// A sample of an edge drawn in two colours side by side (Graphviz's `color="a:b"`).
        case pair(String, String)
    }

    public struct Row: Sendable {
        public var mark: Mark
        public var text: String
        public init(_ mark: Mark, _ text: String) {
            self.mark = mark
            self.text = text
        }
    }

    /// The legend node's DOT line, or nothing when there is nothing to explain.
    public static func node(title: String, rows: [Row]) -> String {
        guard !rows.isEmpty else { return "" }
        var table =
            "<TABLE BORDER=\"1\" COLOR=\"#b0b0b0\" STYLE=\"rounded\" CELLBORDER=\"0\" CELLSPACING=\"1\" CELLPADDING=\"2\">"
        table += "<TR><TD COLSPAN=\"2\"><FONT COLOR=\"#444444\" POINT-SIZE=\"10\">\(html(title))</FONT></TD></TR>"
        for row in rows {
            table += "<TR><TD>\(markCell(row.mark))</TD>"
            table += "<TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"9\">\(html(row.text))</FONT></TD></TR>"
        }
        table += "</TABLE>"
        // The tooltip is the title as HTML-escaped text: it has no quote or backslash left to escape for DOT.
        return "  \"legend\" [shape=plaintext, style=\"\", margin=0, label=<\(table)>, tooltip=\"\(html(title))\"];\n"
    }

    private static func markCell(_ mark: Mark) -> String {
        switch mark {
        case .fill(let color):
            return
                "<TABLE BORDER=\"1\" COLOR=\"#555555\" CELLBORDER=\"0\" CELLPADDING=\"0\"><TR><TD BGCOLOR=\"\(color)\" WIDTH=\"22\" HEIGHT=\"10\" FIXEDSIZE=\"TRUE\"></TD></TR></TABLE>"
        case .line(let color, let dashed):
            let segments = dashed ? [color, "#ffffff", color, "#ffffff", color] : [color]
            let width = 24 / segments.count
            let cells = segments.map {
                "<TD BGCOLOR=\"\($0)\" WIDTH=\"\(width)\" HEIGHT=\"3\" FIXEDSIZE=\"TRUE\"></TD>"
            }
            return
                "<TABLE BORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\"><TR>\(cells.joined())</TR></TABLE>"
        case .pair(let first, let second):
            let rows = [first, second].map {
                "<TR><TD BGCOLOR=\"\($0)\" WIDTH=\"24\" HEIGHT=\"2\" FIXEDSIZE=\"TRUE\"></TD></TR>"
            }
            return "<TABLE BORDER=\"0\" CELLSPACING=\"1\" CELLPADDING=\"0\">\(rows.joined())</TABLE>"
        }
    }

    static func html(_ s: String) -> String { HTMLText.escape(s) }
}
