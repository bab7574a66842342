final class AppDelegate {
    let feed = Feed(title: "News")
}
