final class NavigationManager { let theme = Theme() }
