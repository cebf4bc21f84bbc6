import dataclasses

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from kotguide.sandbox.game import open_position
from kotguide.sandbox.position import Position
from kotguide.sandbox.table import build

# the table the home page shows: the first roll of the yielding scenario (a smash for the monster in Tokyo)
HOME_TABLE = Position(scenario="yielding", actions=("roll",))


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    table = build(open_position(HOME_TABLE), get_language(), log_steps=0)
    picture = dataclasses.replace(table, controls=[], can_reroll=False)  # a picture: nothing to press
    return render(request, "site/home.html", {"table": picture, "table_url": reverse("sandbox:scenario",
                                                                                   args=[HOME_TABLE.scenario])})


@require_safe
def about(request: HttpRequest) -> HttpResponse:
    return render(request, "site/about.html")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "site/error.html", {"status": 404}, status=404)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "site/error.html", {"status": 400}, status=400)


def server_error(request: HttpRequest) -> HttpResponse:
    return render(request, "site/error.html", {"status": 500}, status=500)
