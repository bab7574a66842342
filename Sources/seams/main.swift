print("seams")
