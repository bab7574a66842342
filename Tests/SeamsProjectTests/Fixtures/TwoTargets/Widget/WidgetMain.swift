struct WidgetMain { let nav: NavigationManager; let synced: SyncedThing }
