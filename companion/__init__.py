"""Board Companion: rules engines, session journal and referee protocol (no UI, no hardware)."""
