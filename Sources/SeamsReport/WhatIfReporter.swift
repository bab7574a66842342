import SeamsGraph

/// What `seams what-if` finds: the module graph, its cycles, the rules and the declarations a
/// virtual move or cut would change. The JSON contract of `seams what-if --format json`.
public struct WhatIfReport: Codable, Sendable, Equatable {
    /// One change asked for, as the user reads it (`move 2 types to SignIn: …`, `cut A → B`).
    public var changes: [String]
    public var modulesBefore: Int
    public var modulesAfter: Int
    /// Module dependencies only after, only before, and kept with another number of type edges.
    public var moduleEdgesAdded: [ModuleEdge]
    public var moduleEdgesRemoved: [ModuleEdge]
    public var moduleEdgesChanged: [ModuleEdgeChange]
    /// Groups of modules that depend on each other, each sorted.
    public var moduleCyclesBefore: [[String]]
    public var moduleCyclesAfter: [[String]]
    /// Rule violations the change would add, and those it would remove: `rule: message`.
    public var rulesBroken: [String]
    public var rulesFixed: [String]
    /// Declarations used across a boundary that the change makes, and seen less far than `package`.
    public var needAccess: [AccessNeed]

    public init(
        changes: [String], modulesBefore: Int, modulesAfter: Int, moduleEdgesAdded: [ModuleEdge],
        moduleEdgesRemoved: [ModuleEdge], moduleEdgesChanged: [ModuleEdgeChange], moduleCyclesBefore: [[String]],
        moduleCyclesAfter: [[String]], rulesBroken: [String], rulesFixed: [String], needAccess: [AccessNeed]
    ) {
        self.changes = changes
        self.modulesBefore = modulesBefore
        self.modulesAfter = modulesAfter
        self.moduleEdgesAdded = moduleEdgesAdded
        self.moduleEdgesRemoved = moduleEdgesRemoved
        self.moduleEdgesChanged = moduleEdgesChanged
        self.moduleCyclesBefore = moduleCyclesBefore
        self.moduleCyclesAfter = moduleCyclesAfter
        self.rulesBroken = rulesBroken
        self.rulesFixed = rulesFixed
        self.needAccess = needAccess
    }

    public struct ModuleEdge: Codable, Sendable, Equatable {
        public var from: String
        public var to: String
        /// Type edges behind it.
        public var edges: Int
        public init(from: String, to: String, edges: Int) {
            self.from = from
            self.to = to
            self.edges = edges
        }
    }

    public struct ModuleEdgeChange: Codable, Sendable, Equatable {
        public var from: String
        public var to: String
        public var before: Int
        public var after: Int
        public init(from: String, to: String, before: Int, after: Int) {
            self.from = from
            self.to = to
            self.before = before
            self.after = after
        }
    }

    /// A declaration another module would use: the type (by its id after the change), its
    /// level today, what uses it, and the members used with theirs.
    public struct AccessNeed: Codable, Sendable, Equatable {
        public var type: String
        public var level: String
        public var usedBy: [String]
        public var members: [String]
        public init(type: String, level: String, usedBy: [String], members: [String]) {
            self.type = type
            self.level = level
            self.usedBy = usedBy
            self.members = members
        }
    }
}

public enum WhatIfReporter {
    public static func text(_ r: WhatIfReport) -> String {
        var out = "seams what-if: " + r.changes.joined(separator: "; ") + " (nothing is written)\n\n"
        out += "modules: \(r.modulesBefore) → \(r.modulesAfter)\n"
        if r.moduleEdgesAdded.isEmpty && r.moduleEdgesRemoved.isEmpty && r.moduleEdgesChanged.isEmpty {
            out += "module dependencies: unchanged\n"
        } else {
            out += "module dependencies:\n"
            for e in r.moduleEdgesAdded {
                out += "  + \(e.from) → \(e.to) (\(e.edges) type edge\(e.edges == 1 ? "" : "s"))\n"
            }
            for e in r.moduleEdgesRemoved {
                out += "  - \(e.from) → \(e.to) (\(e.edges) type edge\(e.edges == 1 ? "" : "s"))\n"
            }
            for e in r.moduleEdgesChanged { out += "  ~ \(e.from) → \(e.to) (\(e.before) → \(e.after) type edges)\n" }
        }
        func cycles(_ groups: [[String]]) -> String {
            groups.isEmpty ? "none" : groups.map { $0.joined(separator: " ↔ ") }.joined(separator: "; ")
        }
        out += "module cycles: before \(cycles(r.moduleCyclesBefore)); after \(cycles(r.moduleCyclesAfter))\n"
        out +=
            "rules: \(r.rulesBroken.count) violation\(r.rulesBroken.count == 1 ? "" : "s") added, "
            + "\(r.rulesFixed.count) removed\n"
        for line in r.rulesBroken { out += "  + \(line)\n" }
        for line in r.rulesFixed { out += "  - \(line)\n" }
        if r.needAccess.isEmpty {
            out += "declarations that would need public or package: none\n"
        } else {
            out += "declarations that would need public or package (\(r.needAccess.count)):\n"
            for need in r.needAccess {
                out += "  \(need.type) (\(need.level)), used by \(need.usedBy.joined(separator: ", "))"
                out += need.members.isEmpty ? "\n" : ": " + need.members.joined(separator: ", ") + "\n"
            }
        }
        return out
    }

    public static func json(_ r: WhatIfReport) -> String { CanonicalJSON.encode(r) }
}
