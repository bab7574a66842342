struct HomeWidget {}
