"""One id per rule, everywhere: every place that names a rule section uses an id content/sections.toml knows."""

import re
import tomllib
from pathlib import Path

from kotguide.content.sections import LANGS, load_registry

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
REGISTRY = load_registry(CONTENT / "sections.toml")
RULE_LINK = re.compile(r"\]\(rule:([a-z0-9-]+)")


def rule_ids_in_use() -> list[tuple[str, str]]:
    """(where, id) for every use of a rule id in content/, scenarios and the engine."""
    uses = []
    for lang in LANGS:
        for md in sorted((CONTENT / lang).rglob("*.md")):
            if md.parent.name == "rules":
                uses.append((str(md.relative_to(ROOT)), md.stem))
            uses += [(str(md.relative_to(ROOT)), rid) for rid in RULE_LINK.findall(md.read_text("utf-8"))]
        for name in ("faq.toml", "glossary.toml", "cards.toml"):
            path = CONTENT / lang / name
            if path.exists():
                text = path.read_text("utf-8")
                uses += [(str(path.relative_to(ROOT)), rid) for rid in RULE_LINK.findall(text)]
                for key, row in tomllib.loads(text).items():
                    uses += [(f"{path.name}:{key}", rid) for rid in row.get("rules", [])]
                    if "see" in row:
                        uses.append((f"{path.name}:{key}", row["see"]))
    for scenario in sorted((CONTENT / "scenarios").glob("*.toml")):
        data = tomllib.loads(scenario.read_text("utf-8"))
        uses += [(scenario.name, rid) for rid in data.get("rules", [])]
    engine_rules = ROOT / "kotguide/engine/rules.py"
    if engine_rules.exists():
        found = re.findall(r'^[A-Z_]+ = "([a-z0-9-]+)"', engine_rules.read_text(), re.M)
        uses += [("kotguide/engine/rules.py", rid) for rid in found]
    return uses


def test_every_rule_id_in_use_is_registered():
    unknown = [(where, rid) for where, rid in rule_ids_in_use() if rid not in REGISTRY.ids]
    assert unknown == []


def test_registry_ids_are_unique_and_parents_exist():
    ids = [s.id for s in REGISTRY.sections]
    assert len(ids) == len(set(ids))
    for section in REGISTRY.sections:
        assert section.parent is None or section.parent in REGISTRY.ids
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", section.id)
        assert all(section.title(lang) for lang in LANGS)

