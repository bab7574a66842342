import Foundation

extension Notification.Name {
    /// Posted by the API when a technician signed in; `userInfo[API.userKey]` is the `User`.
    static let technicianDidSignIn = Notification.Name("FieldDesk.technicianDidSignIn")
    /// Posted by the API when the session ended.
    static let technicianDidSignOut = Notification.Name("FieldDesk.technicianDidSignOut")
}
