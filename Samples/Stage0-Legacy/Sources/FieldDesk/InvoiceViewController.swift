import UIKit

/// Files the invoice for one job: the amount in euros, then "File invoice".
final class InvoiceViewController: UIViewController, APIDelegate {
    var job: Job!
    let amountField = UITextField()
    let fileButton = UIButton()
    let statusLabel = UILabel()

    override func viewDidLoad() {
        title = "Invoice \(job.customer)"
        amountField.accessibilityIdentifier = "amount"
        amountField.placeholder = "Amount (EUR)"
        fileButton.accessibilityIdentifier = "file-invoice"
        fileButton.setTitle("File invoice", for: .normal)
        fileButton.addTarget(self, action: InvoiceViewController.fileTapped, for: .touchUpInside)
        statusLabel.accessibilityIdentifier = "invoice-status"
        Theme.style(fileButton)
        Theme.style(statusLabel)
        view.addSubview(amountField)
        view.addSubview(fileButton)
        view.addSubview(statusLabel)
    }

    override func viewWillAppear(_ animated: Bool) {
        UIApplication.appDelegate.api.delegate = self
    }

    func fileTapped() {
        let euros = Double(amountField.text ?? "") ?? 0
        let cents = Int((euros * 100).rounded())
        fileButton.isEnabled = false
        UIApplication.appDelegate.api.fileInvoice(jobID: job.id, amountCents: cents)
    }

    func apiDidFileInvoice(_ invoice: Invoice) {
        let euros = String(format: "%.2f", Double(invoice.amountCents) / 100)
        statusLabel.text = "Invoice \(invoice.id) filed: \(euros) EUR for \(job.customer)"
    }

    func apiDidFailToFileInvoice(message: String) {
        fileButton.isEnabled = true
        let alert = AlertViewController(title: "Could not file the invoice", message: message, buttonTitle: "OK")
        present(alert, animated: true)
    }

    func apiDidSignIn(_ user: User) {}
    func apiDidFailToSignIn(message: String) {}
    func apiDidSignOut() {}
    func apiDidLoadJobs(_ jobs: [Job]) {}
    func apiDidFailToLoadJobs(message: String) {}
}
