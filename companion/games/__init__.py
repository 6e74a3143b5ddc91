"""Time Runners, Legends of the Arena, Chronomage and Block Arena: the game engines."""
