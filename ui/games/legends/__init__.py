"""Legends of the Arena at the table: its screen (`screen.py`), kv file and widgets."""
