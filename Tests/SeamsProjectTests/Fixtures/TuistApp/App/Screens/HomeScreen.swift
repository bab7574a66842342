struct HomeScreen {}
