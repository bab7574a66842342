struct IconGenerator {
    func run() {}
}

IconGenerator().run()
