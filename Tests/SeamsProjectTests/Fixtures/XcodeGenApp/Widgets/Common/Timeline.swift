struct Timeline {}
