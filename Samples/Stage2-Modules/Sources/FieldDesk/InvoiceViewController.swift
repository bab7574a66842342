import Foundation
import UIHelpers
import UIKit

/// Files the invoice for one job: the amount in euros, then "File invoice".
final class InvoiceViewController: UIViewController {
    let amountField = UITextField()
    let fileButton = UIButton()
    let statusLabel = UILabel()
    private let job: Job
    private let api: API
    private let theme: Theme

    init(job: Job, api: API, theme: Theme) {
        self.job = job
        self.api = api
        self.theme = theme
        super.init()
    }

    override func viewDidLoad() {
        title = "Invoice \(job.customer)"
        amountField.accessibilityIdentifier = "amount"
        amountField.placeholder = "Amount (EUR)"
        fileButton.accessibilityIdentifier = "file-invoice"
        fileButton.setTitle("File invoice", for: .normal)
        fileButton.addTarget(self, action: InvoiceViewController.fileTapped, for: .touchUpInside)
        statusLabel.accessibilityIdentifier = "invoice-status"
        theme.style(fileButton)
        theme.style(statusLabel)
        view.addSubview(amountField)
        view.addSubview(fileButton)
        view.addSubview(statusLabel)
    }

    func fileTapped() {
        let euros = Double(amountField.text ?? "") ?? 0
        let cents = Int((euros * 100).rounded())
        fileButton.isEnabled = false
        api.fileInvoice(jobID: job.id, amountCents: cents) { [weak self] result in
            switch result {
            case .success(let invoice): self?.show(invoice)
            case .failure(let error): self?.showFailure(error.message)
            }
        }
    }

    private func show(_ invoice: Invoice) {
        let euros = String(format: "%.2f", Double(invoice.amountCents) / 100)
        statusLabel.text = "Invoice \(invoice.id) filed: \(euros) EUR for \(job.customer)"
    }

    private func showFailure(_ message: String) {
        fileButton.isEnabled = true
        let ok = AlertAction(title: "OK") {}
        present(
            AlertViewController(title: "Could not file the invoice", message: message, action: ok, theme: theme),
            animated: true)
    }
}
