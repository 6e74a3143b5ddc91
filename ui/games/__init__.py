"""Each game's own UI, one package a game: its table screen (`screen.py` with `SCREEN`), kv file and widgets."""
