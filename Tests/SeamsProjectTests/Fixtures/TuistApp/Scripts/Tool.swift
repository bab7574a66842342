// Outside every glob: no target compiles it.
print("tool")
