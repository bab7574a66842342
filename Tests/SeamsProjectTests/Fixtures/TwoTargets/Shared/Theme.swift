final class Theme { let accent = 1 }
