import LocalKit
final class AppDelegate { let player = Player(); let theme = Theme(); let nav = NavigationManager() }
