enum R { static let api = API() }
