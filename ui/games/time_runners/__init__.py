"""Time Runners' table: its screen (`screen.SCREEN`), kv file, clock face, hand curtain, wording (`texts`)
and a sample table mid-play for screenshots and the benchmark (`sample`)."""
