final class NavigationManager { var delegate: AppDelegate? }
