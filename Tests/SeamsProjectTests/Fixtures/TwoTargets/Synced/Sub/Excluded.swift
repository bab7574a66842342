struct ExcludedFromWidget {}
