struct SyncedThing {}
