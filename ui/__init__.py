"""The Kivy app: the composition root where companion and hardware meet."""
