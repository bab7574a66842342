/// The technician who signed in.
struct User: Equatable {
    let id: Int
    let name: String
}

/// A visit on today's schedule.
struct Job: Decodable, Equatable {
    let id: Int
    let customer: String
    let address: String
    let time: String
}

/// An invoice the server accepted.
struct Invoice: Decodable, Equatable {
    let id: Int
    let jobID: Int
    let amountCents: Int
}
