"""The engine: each game a package behind one typed protocol (`engine.game`), listed by the
registry (`engine.games`). Chaharbargh (Pasur) is `engine.chaharbargh`, All Fours
`engine.allfours`; Chaharbargh's public names are here too, so `from engine import ...` works as
it always has. See docs/engine.md for the public API.

>>> from engine import Card, Rules, legal_moves, new_match
>>> [str(m) for m in legal_moves([Card.parse("7C")], [Card.parse("4D"), Card.parse("KS")])]
['7C+4D']
"""

# Chaharbargh's public names, listed once (engine/chaharbargh/__init__.py's `__all__`)
from engine.chaharbargh import *  # noqa: F403
from engine.chaharbargh import __all__ as __all__
