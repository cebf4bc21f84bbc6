"""A sandbox step's regions from the shared cache (kotguide.sandbox.step.REGION_INPUTS, issue 23): what a step sends
with regions kept from earlier steps is what it sends with every region rendered afresh."""

from __future__ import annotations

import itertools
import random

import pytest
from django.core.cache import caches
from django.utils import translation

from kotguide.content.scenarios import scenarios
from kotguide.engine import legal_actions
from kotguide.learn.lessons import lessons
from kotguide.sandbox import game as game_module
from kotguide.sandbox import step
from kotguide.sandbox.game import open_position
from kotguide.sandbox.position import Position
from kotguide.site import filecache


def random_game(seed: int, length: int) -> tuple[str, ...]:
    """Legal actions on the five-monster `tokyo-bay` scenario, cards bought and all."""
    rnd = random.Random(seed)
    game = open_position(Position(scenario="tokyo-bay"))
    actions: list[str] = []
    while game.state.decision is not None and len(actions) < length:
        code = rnd.choice(legal_actions(game.state)).code
        game = game_module.play(game, code)
        actions.append(code)
    return tuple(actions)


def steps_of(scenario_id: str, actions: tuple[str, ...], page: str = "sandbox"):
    for done in range(len(actions)):
        yield f"/{page}/{scenario_id}/", {"a": " ".join(actions[:done]), "do": actions[done]}


def lesson_steps(*lesson_ids: str):
    """Lessons' scripts, one action at a time (after a lesson's own steps, some are wrong answers: the feedback and
    the dice as ticked)."""
    for lesson in lessons():
        if lesson.id in lesson_ids:
            yield from steps_of(lesson.id, lesson.script, page="learn")


@pytest.fixture
def counted_hits(monkeypatch):
    regions = caches["regions"]
    hits = []
    real = regions.get_many
    monkeypatch.setattr(regions, "get_many", lambda keys: hits.append(len(found := real(keys))) or found)
    return hits


def test_a_step_with_regions_kept_sends_what_a_step_rendered_afresh_sends(client, monkeypatch, counted_hits):
    pages = [(steps_of("tokyo-bay", random_game(3, 30)), "en"),
             (steps_of("berserk", scenarios()["berserk"].actions), "ja"),
             (steps_of("mutant-draft", scenarios()["mutant-draft"].actions), "en"),
             (lesson_steps("numbers", "smash", "bay"), "ja")]
    for steps, lang in pages:
        for path, params in steps:
            game_module._recent.clear()
            kept = client.get(f"/{lang}{path}", params, headers={"HX-Request": "true"})
            with monkeypatch.context() as fresh:
                fresh.setattr(step, "REGION_INPUTS", {})  # nothing kept: every region rendered
                game_module._recent.clear()
                rendered = client.get(f"/{lang}{path}", params, headers={"HX-Request": "true"})
            assert kept.status_code == rendered.status_code
            assert kept.content.decode() == rendered.content.decode(), (lang, path, params)
    assert sum(counted_hits) > 100  # regions did come from the cache: the market and the monsters between changes


def test_what_a_region_is_keyed_on_is_the_same_in_every_process(client, monkeypatch):
    """No object's address (or other per-process text) in what a key is made from: other servers find it too."""
    seen = []
    real = step.step_response

    def spy(request, templates, context, **kwargs):
        seen.extend(step.region_material(t, {**context, "oob": True}) for t in templates)
        return real(request, templates, context, **kwargs)

    monkeypatch.setattr(step, "step_response", spy)
    for path, params in steps_of("mutant-draft", scenarios()["mutant-draft"].actions):
        client.get(f"/en{path}", params, headers={"HX-Request": "true"})
    materials = [m for m in seen if m is not None]
    assert len(materials) > 30
    assert not [m for m in materials if " at 0x" in m or "object>" in m]


def test_a_region_is_keyed_on_the_language_and_the_release():
    context = {"odds": None}
    with translation.override("en"):
        english = step.region_key("sandbox/_odds.html", context)
    with translation.override("ja"):
        japanese = step.region_key("sandbox/_odds.html", context)
    assert english != japanese and step.render_version() in english
    assert step.region_key("learn/_feedback.html", context) is None  # a region not listed is never kept


def test_the_file_cache_looks_for_old_entries_on_one_write_in_a_hundred(tmp_path, monkeypatch):
    monkeypatch.setattr(filecache.FileCache, "_writes", itertools.count())
    cache = filecache.FileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}})
    for n in range(filecache.CULL_EVERY):
        cache.set(f"k{n}", n)
    assert len(list(tmp_path.glob("*.djcache"))) == filecache.CULL_EVERY  # the first write found it empty
    cache.set("one-more", 0)  # the hundred-and-first write looks, and culls half
    assert len(list(tmp_path.glob("*.djcache"))) == filecache.CULL_EVERY // 2 + 1
