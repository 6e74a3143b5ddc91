"""Benchmarks and fault injection: tools of the repository, run from the checkout (`python -m tools.<name>`).

They may import companion, hardware and ui; nothing in those packages imports them, and they are not installed.
"""
