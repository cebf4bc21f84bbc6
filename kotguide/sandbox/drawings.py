"""Our own drawings for the table (die faces, board icons, monster emblems), built into ONE SVG sprite.

Every file in `static/svg/faces/`, `static/svg/icons/` and `static/emblems/` becomes a `<symbol>` of
`static/svg/table.svg` (ids `face-<name>`, `icon-<name>`, `emblem-<monster id>`), which pages reference with
`<use href="{% static 'svg/table.svg' %}#face-heart">`. `manage.py build_drawings` (run by `make prepare`) writes it;
in production the staticfiles storage gives it a hashed name that whitenoise serves for a year, immutable. One file
for every drawing: one request, cached once, no inline SVG repeated in every step.

The sources are checked as they are built (the rules are in static/emblems/README.md): plain shapes only, no text
(a die shows its face as a drawing, never as a word), no ids, no links, no scripts or styles.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from xml.sax.saxutils import quoteattr

from django.conf import settings

from kotguide.content import library
from kotguide.engine.dice import FACE_SET, die_kind

STATIC = Path(settings.BASE_DIR) / "static"
SOURCES = (("face", STATIC / "svg" / "faces"), ("icon", STATIC / "svg" / "icons"), ("emblem", STATIC / "emblems"))
SPRITE_NAME = "svg/table.svg"  # under static/: the name templates pass to {% static %}
SPRITE = STATIC / SPRITE_NAME
VIEW_BOX = "0 0 64 64"

SVG_NS = "{http://www.w3.org/2000/svg}"
SHAPES = {"g", "path", "circle", "ellipse", "rect", "polygon", "polyline", "line"}
ATTRIBUTES = {
    "d", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height", "points", "x1", "y1", "x2", "y2", "fill", "stroke",
    "stroke-width", "stroke-linecap", "stroke-linejoin", "fill-rule", "opacity", "transform",
}
MONSTER_COLOUR = re.compile(r"var\(--monster-colour(?:,[^)]*)?\)")
COLOUR = re.compile(r"#[0-9a-f]{6}")


class DrawingError(ValueError):
    pass


def face_symbol(face: str) -> str:
    """The symbol of a die face: a base face ("heart"), or a special die's own face ("berserk:skull" ->
    face-berserk-skull); a special die showing a base face (the berserk die's smash, a frozen "ice:heart") draws
    the base face, on its own die."""
    kind, _sep, name = face.rpartition(":")
    if name in FACE_SET or not kind:
        return f"face-{name}"
    return f"face-{kind}-{name}"


def die_class(face: str) -> str:
    """The die a face is on (its colours in site.css): die-base, die-berserk, die-fate, die-ice."""
    return f"die-{die_kind(face) or 'base'}"


@cache
def monster_colours() -> dict[str, str]:
    data = library.load_toml("monsters.toml")
    rows = [*data["monster"], *data.get("page_only_monster", [])]  # a monster with a page only has an emblem too
    return {row["id"]: row.get("colour", "") for row in rows}


def _inner(element: ET.Element, source: Path, colour: str | None) -> str:
    parts = []
    for child in element:
        tag = child.tag.removeprefix(SVG_NS)
        if tag not in SHAPES:
            raise DrawingError(f"{source.name}: <{tag}> is not a plain shape")
        attributes = []
        for name, value in child.attrib.items():
            if name not in ATTRIBUTES:
                raise DrawingError(f"{source.name}: attribute {name!r} on <{tag}> is not allowed")
            if colour is not None:
                value = MONSTER_COLOUR.sub(colour, value)
            elif "--monster-colour" in value:
                raise DrawingError(f"{source.name}: var(--monster-colour) belongs in emblems only")
            attributes.append(f" {name}={quoteattr(value)}")
        if (child.text or "").strip() or (child.tail or "").strip():
            raise DrawingError(f"{source.name}: text inside a drawing")
        parts.append(f"<{tag}{''.join(attributes)}>{_inner(child, source, colour)}</{tag}>")
    return "".join(parts)


def symbol(prefix: str, source: Path) -> str:
    """One source file as a <symbol>, checked; an emblem's body takes its monster's colour."""
    root = ET.fromstring(source.read_text(encoding="utf-8"))
    if root.tag != f"{SVG_NS}svg" or root.get("viewBox") != VIEW_BOX:
        raise DrawingError(f'{source.name}: not an <svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEW_BOX}">')
    colour = None
    if prefix == "emblem":
        colour = monster_colours().get(source.stem)
        if colour is None:
            raise DrawingError(f"{source.name}: no monster {source.stem!r} in content/monsters.toml")
        if not COLOUR.fullmatch(colour):
            raise DrawingError(f'{source.stem}: colour must be "#rrggbb" in content/monsters.toml, not {colour!r}')
        if not MONSTER_COLOUR.search(source.read_text(encoding="utf-8")):
            raise DrawingError(f"{source.name}: no body filled with var(--monster-colour, …)")
    return f'<symbol id="{prefix}-{source.stem}" viewBox="{VIEW_BOX}">{_inner(root, source, colour)}</symbol>'


def sources() -> list[tuple[str, Path]]:
    return [(prefix, path) for prefix, folder in SOURCES for path in sorted(folder.glob("*.svg"))]


def build() -> str:
    symbols = "".join(symbol(prefix, path) for prefix, path in sources())
    return f'<svg xmlns="http://www.w3.org/2000/svg">{symbols}</svg>\n'


def write() -> Path:
    """Write the sprite when its content changed (its hashed name changes with it)."""
    text = build()
    if not SPRITE.exists() or SPRITE.read_text(encoding="utf-8") != text:
        SPRITE.write_text(text, encoding="utf-8")
    return SPRITE
