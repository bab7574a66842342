let notATarget = 1
