"""Block Arena's table: its screen (`screen.SCREEN`), kv file and the board seen from above (`board`)."""
