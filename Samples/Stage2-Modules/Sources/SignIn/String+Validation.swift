extension String {
    /// Something before one "@", and a dot with something on both sides after it.
    var isValidEmail: Bool {
        let parts = split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !contains(" ") else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }

    /// At least eight characters.
    var isValidPassword: Bool {
        count >= 8
    }
}
