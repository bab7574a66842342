import SeamsGraph

// Soft edges: coupling at run time that no compiler sees, so a refactoring that moves a
// dependency into a notification or a closure stays visible.
// - notification: the type that observes a notification → the type that posts it, joined on
//   the notification's name as written (`.didSignOut`, `Notification.Name.didSignOut`,
//   `didSignOut`: the last name component);
// - callback: the type that stores a closure and calls it → the type that assigns it
//   (`api.onSignOut = { … }`): the caller runs the assigner's code without naming it.
// Only where the app couples itself: both ends in production code. A test that posts
// `UIApplication.didBecomeActiveNotification` to drive a coordinator, or assigns a closure to
// check it is called, is not a dependency of the app; a preview's neither. So a name joins only
// production code's posts and observations: one the app declares, or an SDK name the app's own
// code both posts and observes.

/// One use of a notification name: a post or an observation.
struct NotificationUse: Sendable, Hashable {
    var name: String
    var observes: Bool
    var owner: String
    var site: Site
    /// Made by the app's own code (`Resolver.isProduction`): only such uses pair.
    var production = true

    /// In a total order (where, then what), each once: as a snapshot keeps them.
    static func canonical(_ uses: [NotificationUse]) -> [NotificationUse] {
        Array(Set(uses)).sorted {
            ($0.site, $0.name, $0.owner, $0.observes ? 1 : 0) < ($1.site, $1.name, $1.owner, $1.observes ? 1 : 0)
        }
    }
}

extension Resolver {
    /// Records a post or an observation when `callee(args)` is one. It runs on every call the
    /// scanner evaluates, so the method name is matched before anything is allocated.
    func noteNotification(_ callee: Expr, _ args: [Arg], scope: Scope) {
        guard emitting, case .member(_, let method, let loc) = callee else { return }
        // The argument label that carries the name, per call that posts or observes.
        let labels: [String]
        let observes: Bool
        switch method {
        case "post": (labels, observes) = (["name"], false)
        case "addObserver": (labels, observes) = (["name", "forName"], true)
        case "publisher": (labels, observes) = (["for"], true)
        case "notifications": (labels, observes) = (["named"], true)
        default: return
        }
        guard let arg = args.first(where: { $0.label.map(labels.contains) ?? false }),
            let name = Self.notificationName(arg.value)
        else { return }
        notifications.append(
            NotificationUse(
                name: name, observes: observes, owner: scope.owner,
                site: Site(
                    file: scope.siteFile, line: Int(loc.line), column: Int(loc.column), kind: .notification,
                    member: scope.member),
                production: isProduction(scope)))
    }

    /// Whether code of `scope` is the app's own: not a test target's, not in a `#Preview` macro
    /// or a `PreviewProvider` (or a type nested in one).
    func isProduction(_ scope: Scope) -> Bool {
        if scope.file.test || scope.member == Site.previewMember { return false }
        var t = scope.type
        while let s = t {
            if isPreviewProvider(s) { return false }
            t = s.parent
        }
        return true
    }

    /// Conforms to `PreviewProvider` (SwiftUI's, or a scanned stand-in of that name).
    private func isPreviewProvider(_ symbol: TypeSymbol) -> Bool {
        var seen: [ObjectIdentifier] = []
        var stack = supertypes(of: symbol)
        while let s = stack.popLast() {
            if s.name == "PreviewProvider" && s.kind != .class { return true }
            guard !seen.contains(ObjectIdentifier(s)) else { continue }
            seen.append(ObjectIdentifier(s))
            stack += supertypes(of: s)
        }
        return false
    }

    /// The name a notification is known by, when it is spelled as a constant.
    static func notificationName(_ e: Expr) -> String? {
        switch e {
        case .implicitMember(let n, _), .member(_, let n, _), .name(let n, _): return n
        default: return nil
        }
    }

    /// `x.property = value` where the property stores a closure of another type: a callback
    /// edge from that type to the one assigning it.
    func noteCallback(_ assigned: Val, scope: Scope) {
        guard emitting, let loc = assigned.memberLoc, assigned.candidates.count == 1 else { return }
        let ref = assigned.candidates[0]
        guard ref.fact.kind == .property, !ref.fact.isStatic, ref.owner != scope.owner,
            let type = ref.fact.type, Self.isFunction(type), isProduction(scope), isProduction(ref.scope)
        else { return }
        marks.add(from: marks.id(ref.owner), to: marks.id(scope.owner), loc, .callback, scope)
    }

    static func isFunction(_ t: TypeExpr) -> Bool {
        switch t {
        case .function: return true
        case .optional(let inner), .attributed(_, let inner): return isFunction(inner)
        default: return false
        }
    }

    /// Observers → posters of the same name, from every worker's uses: production code's only.
    static func notificationSites(_ uses: [NotificationUse]) -> [(from: String, to: String, site: Site)] {
        var posters: [String: Set<String>] = [:]
        for u in uses where !u.observes && u.production { posters[u.name, default: []].insert(u.owner) }
        var out: [(String, String, Site)] = []
        for u in uses where u.observes && u.production {
            for poster in posters[u.name] ?? [] where poster != u.owner { out.append((u.owner, poster, u.site)) }
        }
        return out
    }
}

/// How a patch changes the sites notifications make (`Resolver.notificationSites`), from every
/// post and observation before and now: the pairs whose sites lie in the changed files, as they
/// are now (those files' sites are replaced whole), and in the other files the pairs that came
/// and those that went (only pairs can differ there: an unchanged file's own sites do not).
struct PairedNotifications {
    var inChangedFiles: [(from: String, to: String, site: Site)]
    var added: [(from: String, to: String, site: Site)] = []
    var removed: [(from: String, to: String, site: Site)] = []

    init(before: [NotificationUse], now: [NotificationUse], changedFiles: Set<String>) {
        let after = Resolver.notificationSites(now)
        inChangedFiles = after.filter { changedFiles.contains($0.site.file) }
        let was = Set(
            Resolver.notificationSites(before).lazy.filter { !changedFiles.contains($0.site.file) }.map(Pair.init))
        let isNow = Set(after.lazy.filter { !changedFiles.contains($0.site.file) }.map(Pair.init))
        added = isNow.subtracting(was).sorted().map { ($0.from, $0.to, $0.site) }
        removed = was.subtracting(isNow).sorted().map { ($0.from, $0.to, $0.site) }
    }

    private struct Pair: Hashable, Comparable {
        var from: String
        var to: String
        var site: Site

        init(_ placed: (from: String, to: String, site: Site)) {
            (from, to, site) = placed
        }

        static func < (a: Pair, b: Pair) -> Bool { (a.from, a.to, a.site) < (b.from, b.to, b.site) }
    }
}
