"""Game record formats: reading and writing other programs' logs."""
