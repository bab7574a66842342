public struct HomeView {}
