import LocalKit

// An app-side extension of a package type: code of the app, not of the package.
extension Player {
    var nowPlayingTheme: Theme { Theme() }
}
