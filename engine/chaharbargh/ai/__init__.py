"""The computer players: determinized search over sampled worlds, fast playouts, levels.

They decide from a seat's `engine.Observation` only. No module of the rules core imports this
package (tests/engine/test_layout.py checks); the package facades (`engine/chaharbargh/__init__.py`,
`engine/__init__.py`) re-export `bot` and `Player`, so `from engine import bot` keeps working.
"""
