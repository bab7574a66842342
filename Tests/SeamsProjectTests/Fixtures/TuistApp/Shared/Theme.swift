enum Theme {}
