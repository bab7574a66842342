import SeamsGraph

/// Dependencies a team usually accepts in a unit test, by category: logging, theming and
/// localized strings are benign by default; analytics is not (it is what tests usually assert
/// on), but can be named benign in `seams.yml`. A use whose target falls in a benign category is
/// never a blocker, and a type blocked only by such uses is testable in isolation.
///
/// Categories match type names: the last part of the target's name (`App.Log` → `Log`), the
/// value type a static property gives, or the first name of what was written (`L10n.Settings`).
/// A name pattern is exact (`L10n`), a suffix (`*Logger`) or a prefix (`Theme*`).
public struct BenignTable: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var pattern: String
        public var category: String

        public init(pattern: String, category: String) {
            self.pattern = pattern
            self.category = category
        }

        func matches(_ name: Substring) -> Bool {
            if pattern.hasPrefix("*") { return name.hasSuffix(pattern.dropFirst()) }
            if pattern.hasSuffix("*") { return name.hasPrefix(pattern.dropLast()) }
            return name == pattern
        }
    }

    /// The categories benign unless the config says otherwise.
    public static let defaultCategories = ["localization", "logging", "resources", "theming"]
    /// Every category seams knows, for config messages.
    public static let knownCategories = ["analytics", "localization", "logging", "resources", "theming"]

    public let entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The built-in names of `categories`, plus `extra`.
    public static func standard(categories: [String] = defaultCategories, adding extra: [Entry] = []) -> BenignTable {
        let chosen = Set(categories)
        return BenignTable(entries: builtIn.filter { chosen.contains($0.category) } + extra)
    }

    /// The category of a name, if benign.
    public func category(of name: Substring) -> String? {
        entries.first { $0.matches(name) }?.category
    }

    /// The benign category of what a use reaches: its target type, the value it reads, or the
    /// first name written.
    public func category(of use: Use) -> String? {
        var names: [Substring] = []
        if let to = use.to { names.append(Self.lastName(to)) }
        if let value = use.valueType { names.append(Self.lastName(value)) }
        let parts = use.path.split(whereSeparator: { $0 == "." || $0 == "(" || $0 == ")" })
        if let head = parts.first { names.append(head) }
        for name in names { if let c = category(of: name) { return c } }
        // A logger reached through an environment or a singleton (`Current.Log.info`,
        // `Environment.current.log`): a member of the chain named as loggers are.
        if use.kind == .staticRead || use.kind == .staticCall,
            parts.dropFirst().contains(where: { Self.loggerMembers.contains(String($0)) }),
            let c = entries.first(where: { $0.category == "logging" })?.category
        {
            return c
        }
        return nil
    }

    /// Members that hold an app's logger.
    static let loggerMembers: Set<String> = ["Log", "log", "logger", "Logger", "logging"]

    /// `App.Theme.Colors` → `Colors`; an extension node (`App.Color+Brand`) → `Color`.
    static func lastName(_ id: String) -> Substring {
        let last = id.split(separator: ".").last ?? Substring(id)
        return last.split(separator: "+").first ?? last
    }

    /// Name patterns, then their category (facts about common Swift code, written for seams).
    private static let builtIn: [Entry] = table.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ")
        guard fields.count == 2 else { return nil }
        return Entry(pattern: String(fields[0]), category: String(fields[1]))
    }

    private static let table = """
        L10n localization
        Localizable localization
        LocalizedStrings localization
        Strings localization
        NSLocalizedString localization
        LocalizedStringKey localization
        LocalizedStringResource localization
        UserText localization
        CoreStrings localization
        *Strings localization
        LocalizedString localization
        R localization
        Log logging
        Logger logging
        Logging logging
        OSLog logging
        os_log logging
        *Logger logging
        *Log logging
        Theme theming
        Themes theming
        ThemeManager theming
        *Theme theming
        Colors theming
        Color theming
        UIColor theming
        NSColor theming
        *Colors theming
        *Color theming
        Font theming
        Fonts theming
        UIFont theming
        NSFont theming
        *Fonts theming
        Asset theming
        Assets theming
        *Asset theming
        Palette theming
        *Palette theming
        DesignSystem theming
        Icons theming
        Images theming
        Bundle resources
        Analytics analytics
        *Analytics analytics
        Pixel analytics
        Tracker analytics
        """
}

/// View types: constructing one is composition (a child view in `body`, a subview, a cell), not a
/// collaborator a test would replace.
enum ViewTypes {
    /// SDK view types and SwiftUI's composable protocols, as the scanner names external supertypes.
    static let sdkViews: Set<String> = [
        "View", "Shape", "ViewModifier", "ButtonStyle", "LabelStyle", "ToggleStyle", "PrimitiveButtonStyle",
        "UIView", "UIControl", "UIButton", "UILabel", "UIImageView", "UIStackView", "UIScrollView", "UITableView",
        "UICollectionView", "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView",
        "UITableViewHeaderFooterView", "UITextField", "UITextView", "UISwitch", "UISlider", "UISegmentedControl",
        "UIVisualEffectView", "UIActivityIndicatorView", "UIProgressView", "UIPageControl", "UIStepper",
        "NSView", "NSControl", "NSButton", "NSTextField", "NSImageView", "NSStackView", "NSScrollView", "NSTableView",
        "NSOutlineView", "NSTableCellView", "NSTableRowView", "NSCollectionView", "NSBox", "NSVisualEffectView",
        "NSTextView", "NSPopUpButton", "NSSegmentedControl", "NSProgressIndicator", "NSSlider",
        "SKView", "SCNView", "MKAnnotationView", "MKMarkerAnnotationView",
    ]

    /// Screens and windows a controller presents: making one is presentation, not a collaborator.
    static let sdkScreens: Set<String> = [
        "UIViewController", "UINavigationController", "UITableViewController", "UICollectionViewController",
        "UITabBarController", "UIPageViewController", "UISplitViewController", "UIAlertController",
        "UIHostingController", "UIActivityViewController", "UIDocumentPickerViewController", "UIWindow",
        "NSViewController", "NSSplitViewController", "NSTabViewController", "NSPageController",
        "NSTitlebarAccessoryViewController", "NSWindowController", "NSWindow", "NSPanel", "NSPopover", "NSMenu",
        "NSMenuItem", "NSAlert", "NSHostingController", "NSHostingView", "SFSafariViewController",
    ]

    /// SwiftUI's declarative types: a view, its styles, modifiers and shapes hold no logic worth a
    /// unit test of their own; their models are the unit.
    static let swiftUI: Set<String> = [
        "View", "Shape", "ViewModifier", "ButtonStyle", "LabelStyle", "ToggleStyle", "PrimitiveButtonStyle",
        "TextFieldStyle", "ProgressViewStyle", "GaugeStyle", "MenuStyle", "PickerStyle", "ListStyle",
        "GroupBoxStyle", "DisclosureGroupStyle", "Widget", "WidgetBundle", "Scene",
    ]

    /// Scanned types that are views or screens: they inherit or conform to an SDK view or screen
    /// type, directly or through scanned supertypes.
    static func of(_ graph: Graph) -> Set<String> {
        graph.subtypes(of: sdkViews.union(sdkScreens))
    }

    /// Scanned types that are SwiftUI views, styles, modifiers, shapes, widgets or scenes.
    static func declarative(_ graph: Graph) -> Set<String> {
        graph.subtypes(of: swiftUI)
    }
}
