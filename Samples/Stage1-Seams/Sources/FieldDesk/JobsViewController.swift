import UIKit

/// Today's jobs of the technician who signed in; each can be invoiced.
final class JobsViewController: UIViewController, APIDelegate {
    let countLabel = UILabel()
    let rowsView = UIView()
    let signOutButton = UIButton()
    private(set) var jobs: [Job] = []

    override func viewDidLoad() {
        title = "Jobs for \(UIApplication.appDelegate.currentUser?.name ?? "")"
        countLabel.accessibilityIdentifier = "jobs-count"
        countLabel.text = "Loading…"
        Theme.style(countLabel)
        signOutButton.accessibilityIdentifier = "sign-out"
        signOutButton.setTitle("Sign out", for: .normal)
        signOutButton.addTarget(self, action: JobsViewController.signOutTapped, for: .touchUpInside)
        Theme.style(signOutButton)
        view.addSubview(countLabel)
        view.addSubview(rowsView)
        view.addSubview(signOutButton)
    }

    override func viewWillAppear(_ animated: Bool) {
        UIApplication.appDelegate.api.delegate = self
        UIApplication.appDelegate.api.loadJobs()
    }

    func signOutTapped() {
        UIApplication.appDelegate.api.signOut()
    }

    func invoiceTapped(_ sender: UIControl) {
        guard let job = jobs.first(where: { $0.id == sender.tag }) else { return }
        let invoice = storyboard!.instantiateViewController(withIdentifier: "Invoice") as! InvoiceViewController
        invoice.job = job
        present(invoice, animated: true)
    }

    func apiDidLoadJobs(_ jobs: [Job]) {
        self.jobs = jobs
        countLabel.text = jobs.count == 1 ? "1 job today" : "\(jobs.count) jobs today"
        for row in rowsView.subviews { row.removeFromSuperview() }
        for job in jobs {
            let label = UILabel()
            label.accessibilityIdentifier = "job-\(job.id)"
            label.text = "\(job.time)  \(job.customer), \(job.address)"
            Theme.style(label)
            let button = UIButton()
            button.accessibilityIdentifier = "invoice-\(job.id)"
            button.setTitle("Invoice", for: .normal)
            button.tag = job.id
            button.addTarget(self, action: JobsViewController.invoiceTapped, for: .touchUpInside)
            Theme.style(button)
            rowsView.addSubview(label)
            rowsView.addSubview(button)
        }
    }

    func apiDidFailToLoadJobs(message: String) {
        countLabel.text = message
    }

    func apiDidFileInvoice(_ invoice: Invoice) {}
    func apiDidFailToFileInvoice(message: String) {}
}
