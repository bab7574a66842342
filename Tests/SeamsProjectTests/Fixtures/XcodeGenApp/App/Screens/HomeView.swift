struct HomeView {}
