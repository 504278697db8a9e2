"""docs/rules.md and the README's rules table are generated from the rule modules: they must be
what the generator writes now."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_rule_reference_is_up_to_date() -> None:
    spec = importlib.util.spec_from_file_location("make_rules_doc", ROOT / "tools" / "make_rules_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert page == module.rules_page(), "docs/rules.md is stale: run python tools/make_rules_doc.py"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme == module.readme_text(readme), "the README's rules table is stale: run python tools/make_rules_doc.py"


def _rule_detail_tables() -> list[tuple[str, str]]:
    """Each `[[kind]]` table of the TOML examples of docs/rule-details.md, as a 9x9 puzzle of its
    own (a cage comparison with the killer cages of its block, which it names)."""
    import re

    text = (ROOT / "docs" / "rule-details.md").read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```toml\n(.*?)```", text, re.S):
        tables = re.findall(r"(\[\[[a-z-]+\]\].*?)(?=\n\[\[|\Z)", block, re.S)
        cages = "\n".join(t for t in tables if t.startswith("[[killer]]"))
        for table in tables:
            kind = table.split("]]", 1)[0].strip("[")
            found.append((kind, "size = 9\n" + (cages + "\n" if kind == "cage-compare" else "") + table))
    return found


def test_every_example_table_of_the_rule_details_has_a_solution() -> None:
    """Found by a QA pass: the palindrome example (three cells of one row) had no solution, and
    the cage comparison named a cage "b" that no table of its block has."""
    import asp_sudoku

    tables = _rule_detail_tables()
    assert len(tables) >= 20
    for kind, text in tables:
        assert asp_sudoku.check(text, time_limit=30).status in ("unique", "multiple"), (kind, text)
