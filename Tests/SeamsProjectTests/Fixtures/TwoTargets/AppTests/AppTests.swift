@testable import Podcasts
final class AppTests { let sut = AppDelegate() }
