"""Every kind of page the site serves, with one example address each.

The one list that the security-header, fuzz and accessibility tests and the benchmarks walk: a new kind of page is
covered everywhere by adding a line to KINDS. A kind whose address no longer resolves (a renamed URL name, a moved
path, a scenario file gone) raises `PageKindError`, so the tests that walk the list fail instead of dropping it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import NoReverseMatch, Resolver404, resolve
from django.utils import translation

from kotguide.content import library
from kotguide.content.sections import LANGS

# A shared position (stored under its content address): tests store it first with `store_example_position()`.
EXAMPLE_SCENARIO = "yielding"
EXAMPLE_ACTIONS = ("roll", "resolve")


class PageKindError(LookupError):
    """A page kind whose example address does not resolve."""


@dataclass(frozen=True)
class PageKind:
    name: str
    url_name: str = ""  # a name for reverse(); or
    path: str = ""  # or an address with {lang}
    args: tuple[str, ...] = ()
    query: dict[str, str] = field(default_factory=dict)  # language -> query string (without "?")
    status: int = 200

    def address(self, lang: str) -> str:
        """The example address in `lang`; `PageKindError` if it does not resolve."""
        scenario = self.args[0] if self.url_name == "sandbox:scenario" else None
        if scenario and not library.content_path("scenarios", f"{scenario}.toml").exists():
            raise PageKindError(f"page kind {self.name!r}: no scenario file {scenario}.toml in content/scenarios/")
        if self.url_name:
            try:
                base = library.url_in(lang, self.url_name, *self._args())
            except NoReverseMatch as e:
                raise PageKindError(f"page kind {self.name!r}: {e}") from e
        else:
            base = self.path.format(lang=lang)
            with translation.override(lang):
                try:
                    resolve(base)
                except Resolver404 as e:
                    raise PageKindError(f"page kind {self.name!r}: nothing answers {base}") from e
        query = self.query.get(lang, "")
        return f"{base}?{query}" if query else base

    def _args(self) -> tuple[str, ...]:
        if self.url_name == "cards:detail" and not self.args:
            return (next(iter(library.cards("en"))),)
        if self.url_name == "sandbox:shared":
            return (example_position().id,)
        return self.args


KINDS: tuple[PageKind, ...] = (
    PageKind("home", "site:home"),
    PageKind("about", "site:about"),
    PageKind("rules", "rules:index"),
    PageKind("section", "rules:section", args=("heal",)),
    PageKind("side-by-side", "rules:both", args=("heal",)),
    PageKind("cards", "cards:list"),
    PageKind("cards-filtered", "cards:list", query={"ja": "type=keep&cost=4-5", "en": "type=keep&cost=4-5"}),
    PageKind("card", "cards:detail"),
    PageKind("costume", "cards:detail", args=("astronaut",)),
    PageKind("curses", "components:list", args=("curses",)),
    PageKind("curse", "components:detail", args=("curses", "set-storm")),
    PageKind("wickedness-tiles", "components:list", args=("wickedness",)),
    PageKind("wickedness-tile", "components:detail", args=("wickedness", "devious")),
    PageKind("evolutions", "components:list", args=("evolutions",)),
    PageKind("evolution", "components:detail", args=("evolutions", "freeze-ray")),
    PageKind("evolution-deck", "components:deck", args=("gigazaur",)),
    PageKind("monsters", "monsters:list"),
    PageKind("monster", "monsters:detail", args=("boogie-woogie",)),
    PageKind("monster-page-only", "monsters:detail", args=("cthulhu",)),
    PageKind("editions", "monsters:editions"),
    PageKind("glossary", "rules:glossary"),
    PageKind("faq", "rules:faq"),
    PageKind("quick", "rules:quick"),
    PageKind("quick-both", "rules:quick-both"),
    PageKind("search", "search:results", query={"ja": "q=%E5%9B%9E%E5%BE%A9", "en": "q=heal"}),
    PageKind("search-empty", "search:results"),
    PageKind("sandbox", "sandbox:index"),
    PageKind("sandbox-scenario", "sandbox:scenario", args=(EXAMPLE_SCENARIO,), query={"ja": "a=roll", "en": "a=roll"}),
    PageKind("sandbox-modules", "sandbox:scenario", args=("curses",), query={"ja": "a=roll", "en": "a=roll"}),
    PageKind("shared", "sandbox:shared"),
    PageKind("resolver", path="/{lang}/resolve/"),
    PageKind("follow", "follow:begin"),
    PageKind("learn", path="/{lang}/learn/"),
    PageKind("lesson", "learn:lesson", args=("rolling",)),
    PageKind("lesson-step", "learn:lesson", args=("rolling",), query={"ja": "a=roll", "en": "a=roll"}),
    PageKind("practice", "practice:index"),
    PageKind("practice-puzzle", "practice:puzzle", args=("heal-in-tokyo-1",)),
    PageKind("practice-progress", "practice:progress"),
    PageKind("not-found", path="/{lang}/rules/no-such-section/", status=404),
)


def example_position():
    from kotguide.sandbox.position import Position

    return Position(scenario=EXAMPLE_SCENARIO, actions=EXAMPLE_ACTIONS)


def store_example_position() -> str:
    """Store the example shared position (needs database access); its id."""
    from kotguide.sandbox.models import SharedPosition

    position = example_position()
    SharedPosition.objects.get_or_create(pk=position.id, defaults={"data": position.to_json()})
    return position.id


def addresses(langs: tuple[str, ...] = LANGS) -> list[tuple[PageKind, str, str]]:
    """(kind, language, address) of every kind, in every language (`PageKindError` for one that does not resolve)."""
    return [(kind, lang, kind.address(lang)) for kind in KINDS for lang in langs]
