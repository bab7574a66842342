import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.module(name: "Home", targets: Set([.framework, .tests]), dependencies: ["Core"])
