/// What the API tells the jobs and invoice screens. (Sign-in and sign-out left it in stage 1:
/// the sign-in screen takes a completion, and the app hears of sessions by notification.)
protocol APIDelegate: AnyObject {
    func apiDidLoadJobs(_ jobs: [Job])
    func apiDidFailToLoadJobs(message: String)
    func apiDidFileInvoice(_ invoice: Invoice)
    func apiDidFailToFileInvoice(message: String)
}
