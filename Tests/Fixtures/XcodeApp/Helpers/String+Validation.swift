extension String {
    var isValidEmail: Bool { contains("@") }
}
