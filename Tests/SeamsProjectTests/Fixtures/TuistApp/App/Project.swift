// App code that happens to be named Project.swift: it does not import ProjectDescription.
import Foundation

struct Project {
    var name: String
}

let project = Project(name: "inbox")
