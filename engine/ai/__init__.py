"""The computer players: determinized search over sampled worlds, fast playouts, levels.

They decide from a seat's `engine.Observation` only. The rules core (`engine`) never imports
this package; it imports the core.
"""
