import Foundation
import SeamsGraph

/// Platform services that make a unit test slow, flaky or impossible, as patterns over what
/// the code writes. The table below ships with seams (facts about Apple's SDKs, written for
/// seams); `seams.yml` adds entries under `testability: services:`. (Untangle's
/// `RecipeChooser.systemServices` is another list on purpose: types an app subclasses or extends
/// to wrap a service, where `UIApplication` or `Date` would be wrong.)
///
/// Pattern forms:
/// - `Type.member` (or a longer chain): a static read or call whose chain starts so:
///   `URLSession.shared` matches `URLSession.shared.dataTask(…)`;
/// - `Type()`: a construction with no arguments (`Date()` is now; `Date(timeIntervalSince1970:)` is not);
/// - `Type(*)`: any construction of the type;
/// - `function()`: a call of a free function (`arc4random()`); `Function(*)` for one spelled
///   like a type (`SecItemAdd(*)`), which the scanner cannot tell from a construction;
/// - `Type`: any static use or construction of the type.
public struct ServicePattern: Hashable, Sendable, Codable {
    public enum Form: String, Hashable, Sendable, Codable { case chain, constructNoArguments, construct, call, anyUse }

    public var pattern: String
    public var service: String
    public var form: Form
    /// The type (or function) name, and the members of a chain after it.
    public var head: String
    public var members: [String]

    /// Nil when the text is no pattern of the forms above.
    public init?(_ text: String, service: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { return nil }
        pattern = t
        self.service = service
        var body = t
        if body.hasSuffix("(*)") {
            form = .construct
            body.removeLast(3)
        } else if body.hasSuffix("()") {
            body.removeLast(2)
            form = body.first?.isUppercase == true && !body.contains(".") ? .constructNoArguments : .call
        } else if body.contains(".") {
            form = .chain
        } else {
            form = .anyUse
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: { $0.isEmpty || !$0.allSatisfy(Self.isNameCharacter) }) else { return nil }
        if form == .call && parts.count > 1 {
            // `DispatchQueue.main.asyncAfter()`: a chain, called.
            form = .chain
        }
        head = parts[0]
        members = Array(parts.dropFirst())
    }

    private static func isNameCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// Whether a use matches.
    func matches(_ use: Use) -> Bool {
        switch form {
        case .chain:
            guard use.kind == .staticRead || use.kind == .staticCall else { return false }
            let parts = Self.chain(use.path)
            return parts.count > members.count && parts[0] == head && Array(parts[1...members.count]) == members
        case .constructNoArguments:
            return use.kind == .construct && use.to == head && use.has(.noArguments)
        case .construct:
            // A C function spelled like a type (`SecItemAdd(…)`) reads as a construction too.
            return (use.kind == .construct && use.to == head) || (use.kind == .call && use.path == head + "()")
        case .call:
            return use.kind == .call && use.path == head + "()"
        case .anyUse:
            switch use.kind {
            case .construct, .staticRead, .staticCall: return Self.chain(use.path).first == head
            default: return false
            }
        }
    }

    /// `A.b.c()` → [A, b, c]; a nested type's dots stay in its first part when the use names it.
    static func chain(_ path: String) -> [String] {
        var p = path
        if p.hasSuffix("()") { p.removeLast(2) }
        return p.split(separator: ".").map(String.init)
    }
}

public struct ServiceTable: Sendable {
    public let patterns: [ServicePattern]
    /// Patterns by the name they start with: a use is tried only against those of its own head.
    private let byHead: [String: [ServicePattern]]

    public init(patterns: [ServicePattern]) {
        self.patterns = patterns
        byHead = Dictionary(grouping: patterns, by: \.head)
    }

    /// The built-in table, plus `extra`.
    public static func standard(adding extra: [ServicePattern] = []) -> ServiceTable {
        ServiceTable(patterns: builtIn + extra)
    }

    /// The most specific pattern a use matches (the longest chain; the first listed of equals).
    public func match(_ use: Use) -> ServicePattern? {
        let head = use.path.prefix { $0 != "." && $0 != "(" }
        guard let candidates = byHead[String(head)] else { return nil }
        var best: ServicePattern?
        for p in candidates where p.matches(use) {
            if best == nil || p.members.count > best!.members.count { best = p }
        }
        return best
    }

    static let builtIn: [ServicePattern] = table.split(separator: "\n").compactMap { line in
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
        let fields = text.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count == 2 else { return nil }
        return ServicePattern(fields[0], service: fields[1])
    }

    /// pattern, then what it stands for.
    private static let table = """
        # network
        URLSession.shared network
        URLSession(*) network
        URLCache.shared network
        HTTPCookieStorage.shared network
        NWPathMonitor(*) network
        NWConnection(*) network
        NWListener(*) network
        # preferences and storage
        UserDefaults.standard user defaults
        UserDefaults(*) user defaults
        NSUbiquitousKeyValueStore.default iCloud key-value store
        FileManager.default file system
        # notifications and app state
        NotificationCenter.default notification center
        DistributedNotificationCenter.default notification center
        UNUserNotificationCenter.current user notifications
        UIApplication.shared application
        NSApplication.shared application
        NSWorkspace.shared workspace
        UIScreen.main screen
        NSScreen.main screen
        NSScreen.screens screen
        WKInterfaceDevice.current device
        WKApplication.shared application
        WKExtension.shared application
        SMLoginItemSetEnabled(*) login items
        SMAppService login items
        SCDynamicStoreCopyComputerName(*) system configuration
        UIDevice.current device
        ProcessInfo.processInfo process
        Bundle.main bundle
        UIPasteboard.general pasteboard
        NSPasteboard.general pasteboard
        WCSession.default watch connectivity
        # time and randomness (not UUID(): a fresh identity, compared, never a value a test must predict)
        Date() clock
        Date.now clock
        CFAbsoluteTimeGetCurrent(*) clock
        CACurrentMediaTime(*) clock
        DispatchTime.now clock
        Calendar.current clock
        TimeZone.current clock
        Locale.current locale
        Int.random randomness
        Double.random randomness
        Bool.random randomness
        arc4random() randomness
        arc4random_uniform() randomness
        # processes
        Process(*) process
        NSTask(*) process
        # scheduling
        DispatchQueue.main.asyncAfter timing
        DispatchQueue.global timing
        Timer timing
        RunLoop.main timing
        OperationQueue.main timing
        # devices and permissions
        CLLocationManager location
        CMMotionManager motion
        CMPedometer motion
        AVCaptureDevice camera
        AVCaptureSession(*) camera
        AVAudioSession.sharedInstance audio
        PHPhotoLibrary photos
        CNContactStore(*) contacts
        EKEventStore(*) calendar
        LAContext(*) biometrics
        CBCentralManager(*) bluetooth
        HKHealthStore(*) health
        SKPaymentQueue.default store kit
        ASAuthorizationController(*) sign in with Apple
        CKContainer cloud
        # keychain (the system's, and the common third-party clients)
        Keychain(*) keychain
        KeychainSwift(*) keychain
        KeychainWrapper.standard keychain
        A0SimpleKeychain(*) keychain
        SAMKeychain keychain
        Valet keychain
        SecItemAdd(*) keychain
        SecItemCopyMatching(*) keychain
        SecItemUpdate(*) keychain
        SecItemDelete(*) keychain
        # databases
        NSPersistentContainer(*) database
        NSPersistentCloudKitContainer(*) database
        sqlite3_open(*) database
        sqlite3_open_v2(*) database
        Realm(*) database
        FMDatabase(*) database
        FMDatabaseQueue(*) database
        DatabaseQueue(*) database
        DatabasePool(*) database
        ModelContainer(*) database
        """
}
