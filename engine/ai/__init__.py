"""The computer players: determinized search over sampled worlds, fast playouts, levels.

They decide from a seat's `engine.Observation` only. No module of the rules core imports this
package (tests/engine/test_layout.py checks); only the package facade, `engine/__init__.py`,
re-exports `bot` and `Player` so that `from engine import bot` keeps working.
"""
