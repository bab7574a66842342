/// A job done, as the server sends it and the store keeps it.
struct JobRecord: Codable, Equatable {
    let id: Int
    let customer: String
    /// The day, "yyyy-MM-dd".
    let date: String
    let amountCents: Int
    let photoURL: String?
}
