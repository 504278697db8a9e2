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
