import Foundation
import SeamsGraph
import Testing

@testable import SeamsTestability

@Suite struct ServicePatternTests {
    func use(_ kind: Use.Kind, _ path: String, to: String?, _ traits: [Use.Trait] = []) -> Use {
        Use(
            from: "App.A", to: to, kind: kind, path: path, traits: traits, file: "A.swift", line: 1, column: 1,
            member: nil)
    }

    @Test func chainsMatchTheirPrefixOnly() throws {
        let p = try #require(ServicePattern("DispatchQueue.main.asyncAfter", service: "timing"))
        #expect(p.matches(use(.staticRead, "DispatchQueue.main.asyncAfter", to: "DispatchQueue")))
        #expect(!p.matches(use(.staticRead, "DispatchQueue.main.async", to: "DispatchQueue")))
        #expect(!p.matches(use(.staticRead, "DispatchQueue.main", to: "DispatchQueue")))
        let shared = try #require(ServicePattern("URLSession.shared", service: "network"))
        #expect(shared.matches(use(.staticRead, "URLSession.shared.dataTask", to: "URLSession")))
        #expect(!shared.matches(use(.construct, "URLSession()", to: "URLSession")))
    }

    @Test func constructionWithoutArgumentsIsItsOwnForm() throws {
        let now = try #require(ServicePattern("Date()", service: "clock"))
        #expect(now.matches(use(.construct, "Date()", to: "Date", [.noArguments])))
        #expect(!now.matches(use(.construct, "Date()", to: "Date")))
        let any = try #require(ServicePattern("URLSession(*)", service: "network"))
        #expect(any.matches(use(.construct, "URLSession()", to: "URLSession")))
    }

    @Test func freeFunctionsAndWholeTypes() throws {
        let keychain = try #require(ServicePattern("SecItemAdd(*)", service: "keychain"))
        #expect(keychain.matches(use(.construct, "SecItemAdd()", to: "SecItemAdd")))
        let sqlite = try #require(ServicePattern("sqlite3_open(*)", service: "database"))
        #expect(sqlite.matches(use(.call, "sqlite3_open()", to: nil)))
        let random = try #require(ServicePattern("arc4random()", service: "randomness"))
        #expect(random.matches(use(.call, "arc4random()", to: nil)))
        #expect(!random.matches(use(.call, "arc4random_uniform()", to: nil)))
        let timer = try #require(ServicePattern("Timer", service: "timing"))
        #expect(timer.matches(use(.staticCall, "Timer.scheduledTimer()", to: "Timer")))
        #expect(timer.matches(use(.construct, "Timer()", to: "Timer")))
        #expect(!timer.matches(use(.downcast, "timer", to: "Timer")))
    }

    @Test func badPatternsAreRefused() {
        #expect(ServicePattern("", service: "x") == nil)
        #expect(ServicePattern("URLSession..shared", service: "x") == nil)
        #expect(ServicePattern("a b", service: "x") == nil)
    }

    @Test func theMostSpecificPatternWins() throws {
        let table = ServiceTable.standard()
        let m = table.match(use(.staticRead, "DispatchQueue.main.asyncAfter", to: "DispatchQueue"))
        #expect(m?.pattern == "DispatchQueue.main.asyncAfter")
        #expect(table.match(use(.staticRead, "DispatchQueue.main.async", to: "DispatchQueue")) == nil)
        #expect(table.match(use(.staticRead, "UIColor.red", to: "UIColor")) == nil)
    }
}

@Suite struct RecipeTests {
    @Test func everyRecipesLessonExists() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for r in Recipe.allCases {
            let path = String(r.lesson.prefix { $0 != "#" && $0 != "," && $0 != " " })
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(r.lesson)")
        }
    }
}
