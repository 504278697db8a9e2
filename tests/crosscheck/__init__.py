"""An independent model of every rule, for `hostile/test_crosscheck.py` (and the non-square
grids of `core/test_nonsquare.py`).

The rules are restated here from the README's wording, as relations between two cells and
predicates over the values of a group of cells, and a backtracking brute force counts the grids
that satisfy them.  Nothing here is shared with the templates, the fact emitters or check.py.
Random clue generators write each clue both as a TOML table (for the parser) and as relations
(for the brute force); given a reference grid they usually make clues that grid obeys.

The modules: `spec` (types, box shapes, `Spec`, `toml_value`), `relations` (the global rules as
relations and groups, the negative rules' marks), `brute` (the brute force), `shapes` (cells,
lines and pairs for the generators), the clue generators by family (`cells`: marked cells and
dots; `outside`: clues outside the grid; `lines`; `cages`: sums and balances of cell sets;
`digits`: which digits cells hold, how many, where they point; `chaos`: chaos construction's
layouts and clues), and `registry` (`CLUE_GENERATORS`, any-of, `NOT_ON`).  This package exports
the names the tests use.
"""

from __future__ import annotations

from .brute import TooBig, brute_force
from .cages import gen_killer
from .registry import CLUE_GENERATORS, NOT_ON
from .relations import (
    DIGIT_SENSITIVE,
    GLOBAL_RELATIONS,
    NEEDS_9X9,
    NEEDS_BOXES,
    NEGATIVE_RULES,
    WIDE_DIGITS,
    less,
    show_all_marks,
)
from .spec import JIGSAWS, Cell, Grid, Spec

__all__ = [
    "CLUE_GENERATORS",
    "DIGIT_SENSITIVE",
    "GLOBAL_RELATIONS",
    "JIGSAWS",
    "NEEDS_9X9",
    "NEEDS_BOXES",
    "NEGATIVE_RULES",
    "NOT_ON",
    "WIDE_DIGITS",
    "Cell",
    "Grid",
    "Spec",
    "TooBig",
    "brute_force",
    "gen_killer",
    "less",
    "show_all_marks",
]
