import UIHelpers
import UIKit

/// Today's jobs of the technician who signed in; each can be invoiced.
final class JobsViewController: UIViewController {
    let countLabel = UILabel()
    let rowsView = UIView()
    let signOutButton = UIButton()
    private(set) var jobs: [Job] = []
    private let user: User
    private let api: API
    private let theme: Theme

    init(user: User, api: API, theme: Theme) {
        self.user = user
        self.api = api
        self.theme = theme
        super.init()
    }

    override func viewDidLoad() {
        title = "Jobs for \(user.name)"
        countLabel.accessibilityIdentifier = "jobs-count"
        countLabel.text = "Loading…"
        theme.style(countLabel)
        signOutButton.accessibilityIdentifier = "sign-out"
        signOutButton.setTitle("Sign out", for: .normal)
        signOutButton.addTarget(self, action: JobsViewController.signOutTapped, for: .touchUpInside)
        theme.style(signOutButton)
        view.addSubview(countLabel)
        view.addSubview(rowsView)
        view.addSubview(signOutButton)
    }

    override func viewWillAppear(_ animated: Bool) {
        api.loadJobs { [weak self] result in
            switch result {
            case .success(let jobs): self?.show(jobs)
            case .failure(let error): self?.countLabel.text = error.message
            }
        }
    }

    func signOutTapped() {
        api.signOut()
    }

    func invoiceTapped(_ sender: UIControl) {
        guard let job = jobs.first(where: { $0.id == sender.tag }) else { return }
        present(InvoiceViewController(job: job, api: api, theme: theme), animated: true)
    }

    private func show(_ jobs: [Job]) {
        self.jobs = jobs
        countLabel.text = jobs.count == 1 ? "1 job today" : "\(jobs.count) jobs today"
        for row in rowsView.subviews { row.removeFromSuperview() }
        for job in jobs {
            let label = UILabel()
            label.accessibilityIdentifier = "job-\(job.id)"
            label.text = "\(job.time)  \(job.customer), \(job.address)"
            theme.style(label)
            let button = UIButton()
            button.accessibilityIdentifier = "invoice-\(job.id)"
            button.setTitle("Invoice", for: .normal)
            button.tag = job.id
            button.addTarget(self, action: JobsViewController.invoiceTapped, for: .touchUpInside)
            theme.style(button)
            rowsView.addSubview(label)
            rowsView.addSubview(button)
        }
    }
}
