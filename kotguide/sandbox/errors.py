"""A position that cannot be opened gets a clear 4xx in the reader's language: a page, or a fragment for htmx."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from .position import PositionError

MESSAGES = {
    "malformed": _("This sandbox address is damaged: it does not describe a position."),
    "version": _("This position was saved in a format this site does not know."),
    "too-long": _("This position has more than %(limit)s actions, which is more than the sandbox replays."),
    "unknown-scenario": _("There is no scenario with this name."),
    "bad-setup": _("This position starts from a table that breaks the rules of the game."),
    "illegal-action": _("Step %(step)s of this position is not allowed by the rules at that point."),
    "too-long-address": _(
        "This position is too long for an address. Go back and play the step from the sandbox page, which stores the "
        "position."
    ),
    "nothing-to-reroll": _("Choose at least one die to reroll: every die is kept."),
}
STATUS = {"unknown-scenario": 404}


def page(request: HttpRequest, error: PositionError) -> HttpResponse:
    message = str(MESSAGES.get(error.code, MESSAGES["malformed"])) % {"step": 0, "limit": 0, **error.params}
    status = STATUS.get(error.code, 400)
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, "sandbox/_error.html", {"message": message}, status=status)
    return render(request, "site/error.html", {"status": status, "message": message}, status=status)
