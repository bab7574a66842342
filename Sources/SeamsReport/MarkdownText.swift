/// Text put into Markdown outside code spans: GitHub reads `<` and `>` as HTML, `|` as a table
/// cell's end and a newline as the end of a row.
enum MarkdownText {
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s {
            switch ch {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "|": out += "\\|"
            case "\n": out += " "
            default: out.append(ch)
            }
        }
        return out
    }
}
