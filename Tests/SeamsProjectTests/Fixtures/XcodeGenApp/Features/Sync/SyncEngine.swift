final class SyncEngine {}
