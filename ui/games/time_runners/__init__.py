"""Time Runners' table: its screen (`screen.SCREEN`), kv file, clock face, hand curtain, wording (`texts`);
its sample table mid-play for screenshots and the benchmark is in `ui.samples`."""
