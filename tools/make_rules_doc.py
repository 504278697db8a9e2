"""Write docs/rules.md, the rule reference, from the rule modules themselves: each rule's
docstring, its first example (as TOML, with how many solutions it has) and its names in the
foreign formats we read (`asp_sudoku.formats.names`).  `tests/rules/test_rules_doc.py` fails
when the page is stale.

    python tools/make_rules_doc.py          # rewrite docs/rules.md
"""

from __future__ import annotations

import inspect
import sys
from importlib import import_module
from pathlib import Path

from asp_sudoku.formats import parse_many
from asp_sudoku.formats.names import FORMATS
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.rules import _CLUE_MODULES, _GLOBAL_MODULES, CLUE_KINDS, RULE_ALIASES, global_rule

PAGE = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

HEAD = """# Rule reference

Generated from the rule modules in `asp_sudoku/rules/` by `python tools/make_rules_doc.py` (a test
fails when this page is stale): each rule's own description, an example puzzle with the number of
its solutions (the tests check that number against clingo and a brute force), and the rule's names
in the foreign formats we read.  Longer notes (validation, negative forms, rules files of your own,
a table across formats) are in [rule-details.md](rule-details.md).

Global rules are named in `rules = [...]`; the shorthands {aliases}.  Clue rules are TOML arrays
of tables, one table per clue (`[[killer]]`).
"""


def _names(name: str) -> str:
    found = []
    for label, table in FORMATS.items():
        names = table().get(name)
        if names:
            found.append(f"{label} " + ", ".join(f"`{n}`" for n in names))
    return "; ".join(found) if found else "none of the foreign formats we read"


def _section(name: str, module: str, rule: object) -> list[str]:
    doc = inspect.cleandoc(import_module(f"asp_sudoku.rules.{module}").__doc__ or "")
    lines = [f"### `{name}`", "", doc, "", f"Read from: {_names(name)}.", ""]
    examples = getattr(rule, "examples", ())
    if examples:
        first = examples[0]
        count = len(first.solutions)
        lines += [
            f"Example: {first.title} ({count} solution{'' if count == 1 else 's'}):",
            "",
            "```toml",
            to_toml(parse_many(first.toml, "<example>.toml", "toml")[0]).strip(),
            "```",
            "",
        ]
    return lines


def rules_page() -> str:
    """The text of docs/rules.md."""
    aliases = ", ".join(f"`{a}` = {' + '.join(f'`{p}`' for p in parts)}" for a, parts in RULE_ALIASES.items())
    lines = [HEAD.format(aliases=aliases), "## Global rules", ""]
    for name, module in _GLOBAL_MODULES.items():
        lines += _section(name, module, global_rule(name))
    lines += ["## Clue rules", ""]
    for name, module in _CLUE_MODULES.items():
        lines += _section(name, module, CLUE_KINDS[name])
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    PAGE.write_text(rules_page(), encoding="utf-8")
    print(f"wrote {PAGE}", file=sys.stderr)
