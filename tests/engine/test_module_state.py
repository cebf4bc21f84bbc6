"""Module state behind typed accessors: each piece of an expansion module's state (``memo``, ``marks`` and
``tokens`` entries) is read and written by raw key only in the file that names its key; everything else (the other
files of the module, other modules, the turn loop, the cards, the site) goes through that file's functions."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "kotguide"
MODULES = ROOT / "engine" / "modules"
BAGS = {"memo", "marks", "tokens"}


def _raw_keys(tree: ast.AST) -> list[tuple[int, ast.expr]]:
    """(line, key) of every access to a ``memo``/``marks``/``tokens`` entry by key: ``x.marks[k]``,
    ``.get(k)``/``.pop(k)``/``.setdefault(k)``, ``k in x.marks``."""
    def bag(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr in BAGS

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and bag(node.value):
            found.append((node.lineno, node.slice))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and bag(node.func.value)
              and node.func.attr in ("get", "pop", "setdefault") and node.args):
            found.append((node.lineno, node.args[0]))
        elif isinstance(node, ast.Compare) and any(isinstance(op, ast.In | ast.NotIn) for op in node.ops) \
                and any(bag(c) for c in node.comparators):
            found.append((node.lineno, node.left))
    return found


def _imported(tree: ast.AST) -> dict[str, str]:
    """Names bound by imports -> the module they come from (relative imports keep their dots)."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                names[alias.asname or alias.name] = "." * node.level + (node.module or "")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                names[alias.asname or alias.name] = alias.name
    return names


def module_violations(source: str) -> list[str]:
    """Raw keys a module file may not use: a string written out, another file's key (``core.IN_FORCE``, an
    imported name) or another file's key function (``C.place(…)``)."""
    tree = ast.parse(source)
    imported = _imported(tree)
    out = []
    for line, key in _raw_keys(tree):
        text = ast.unparse(key)
        if isinstance(key, ast.Constant | ast.JoinedStr):
            out.append(f"{line}: string key {text}")
        elif (isinstance(key, ast.Attribute) or (isinstance(key, ast.Name) and key.id in imported)
              or (isinstance(key, ast.Call) and isinstance(key.func, ast.Attribute))):
            out.append(f"{line}: another file's key {text}")
    return out


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` (and ``A, B = "a", "b"``) string constants."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = (zip(target.elts, node.value.elts, strict=False)
                         if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                         else [(target, node.value)])
                for name, value in pairs:
                    if isinstance(name, ast.Name) and isinstance(value, ast.Constant) and isinstance(value.value, str):
                        out[name.id] = value.value
    return out


def module_keys() -> set[str]:
    """The values of the keys the module files use for their state."""
    keys = set()
    for path in MODULES.rglob("*.py"):
        tree = ast.parse(path.read_text())
        constants = _constants(tree)
        keys |= {constants[key.id] for _line, key in _raw_keys(tree)
                 if isinstance(key, ast.Name) and key.id in constants}
    return keys


def outside_violations(source: str, keys: set[str]) -> list[str]:
    """Raw keys code outside the modules may not use: a module's key by its name or written out."""
    tree = ast.parse(source)
    from_modules = {name for name, module in _imported(tree).items() if "modules" in module.split(".")}
    out = []
    for line, key in _raw_keys(tree):
        head = key.value if isinstance(key, ast.Attribute) else key
        if isinstance(head, ast.Name) and head.id in from_modules:
            out.append(f"{line}: a module's key {ast.unparse(key)}")
        elif isinstance(key, ast.Constant) and key.value in keys:
            out.append(f"{line}: a module's key {key.value!r}")
    return out


def test_module_files_use_only_their_own_keys():
    bad = {str(path.relative_to(ROOT)): found for path in sorted(MODULES.rglob("*.py"))
           if (found := module_violations(path.read_text()))}
    assert bad == {}


def test_nothing_outside_the_modules_reads_their_state_by_key():
    keys = module_keys()
    assert {"tokyo-tower:levels", "curses:in-force", "evolutions:played", "berserk", "cultist"} <= keys
    bad = {str(path.relative_to(ROOT)): found for path in sorted(ROOT.rglob("*.py"))
           if MODULES not in path.parents and (found := outside_violations(path.read_text(), keys))}
    assert bad == {}


def test_the_checks_catch_raw_keys():
    assert module_violations('X = "a"\ndef f(s):\n    return s.marks.get(X)\n') == []
    assert module_violations('def f(s):\n    return s.memo.get("curses:fate")\n') == [
        "2: string key 'curses:fate'"]
    assert module_violations('from . import core\ndef f(s):\n    return s.marks[core.IN_FORCE]\n') == [
        "3: another file's key core.IN_FORCE"]
    assert module_violations('from .draft import PACKETS\ndef f(s):\n    return PACKETS in s.marks\n') == [
        "3: another file's key PACKETS"]
    assert module_violations('from . import core as C\ndef f(s, m):\n    del s.marks[C.place("picks", m)]\n') == [
        "3: another file's key C.place('picks', m)"]
    keys = {"tokyo-tower:levels"}
    assert outside_violations('def f(s):\n    return s.marks["tokyo-tower:levels"]\n', keys) == [
        "2: a module's key 'tokyo-tower:levels'"]
    assert outside_violations(
        'from kotguide.engine.modules import tokyo_tower\ndef f(s):\n    return s.marks.get(tokyo_tower.MARK)\n',
        keys) == ["3: a module's key tokyo_tower.MARK"]
    assert outside_violations('from kotguide.engine.modules import tokyo_tower\ndef f(s):\n'
                              '    return tokyo_tower.holders(s)\n', keys) == []
