/// A technician who can sign in.
public struct Technician: Sendable {
    public let id: Int
    public let name: String
    public let email: String
    public let password: String

    public init(id: Int, name: String, email: String, password: String) {
        self.id = id
        self.name = name
        self.email = email
        self.password = password
    }
}

/// A visit on a technician's schedule.
public struct Job: Codable, Sendable, Equatable {
    public let id: Int
    public let technicianID: Int
    public let customer: String
    public let address: String
    /// Local time of the visit, "HH:mm".
    public let time: String

    public init(id: Int, technicianID: Int, customer: String, address: String, time: String) {
        self.id = id
        self.technicianID = technicianID
        self.customer = customer
        self.address = address
        self.time = time
    }
}

/// An invoice filed for a job, in cents.
public struct Invoice: Codable, Sendable, Equatable {
    public let id: Int
    public let jobID: Int
    public let amountCents: Int

    public init(id: Int, jobID: Int, amountCents: Int) {
        self.id = id
        self.jobID = jobID
        self.amountCents = amountCents
    }
}

/// The data the server starts with: two technicians and their jobs.
public enum SampleData {
    public static let technicians = [
        Technician(id: 7, name: "Ada Brennan", email: "ada@fielddesk.test", password: "wrench-42"),
        Technician(id: 8, name: "Tomas Okafor", email: "tomas@fielddesk.test", password: "ladder-17"),
    ]

    public static let jobs = [
        Job(id: 101, technicianID: 7, customer: "Harbour Bakery", address: "12 Quay Street", time: "08:30"),
        Job(id: 102, technicianID: 7, customer: "Linden School", address: "4 Elm Row", time: "11:00"),
        Job(id: 103, technicianID: 8, customer: "Mill Lane Dental", address: "9 Mill Lane", time: "09:15"),
        Job(id: 104, technicianID: 7, customer: "Corner Laundry", address: "77 High Street", time: "15:45"),
    ]
}
