"""What the tests and tools/ build games from, as gpiozero keeps its mock pins in gpiozero.pins.mock: each
game's fixtures (tables and positions written by hand, well-formed action texts) and random playouts.
The product never imports this package (tests/test_layering.py).
"""
