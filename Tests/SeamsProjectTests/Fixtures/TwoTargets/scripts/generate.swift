print("not compiled by any target")
