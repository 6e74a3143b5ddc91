"""Input devices (dice button, clock hand) over GPIO, serial or emulation. Imports nothing of companion or ui."""
