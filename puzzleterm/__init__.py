"""puzzleterm: a puzzle box for the terminal."""

__version__ = "0.1.0"
