import UIKit

/// The scenes of Main.storyboard (Interface Builder's file, on iOS).
enum MainStoryboard {
    static func registerScenes() {
        UIStoryboard.register("SignIn", in: "Main") { SignInViewController() }
        UIStoryboard.register("Jobs", in: "Main") { JobsViewController() }
        UIStoryboard.register("Invoice", in: "Main") { InvoiceViewController() }
    }
}
