struct Feed {
    var title: String
}
