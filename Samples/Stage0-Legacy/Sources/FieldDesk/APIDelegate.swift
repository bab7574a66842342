/// Everything the API can tell a screen. Each screen that wants one of these adopts all of
/// them and leaves the rest empty.
protocol APIDelegate: AnyObject {
    func apiDidSignIn(_ user: User)
    func apiDidFailToSignIn(message: String)
    func apiDidSignOut()
    func apiDidLoadJobs(_ jobs: [Job])
    func apiDidFailToLoadJobs(message: String)
    func apiDidFileInvoice(_ invoice: Invoice)
    func apiDidFailToFileInvoice(message: String)
}
