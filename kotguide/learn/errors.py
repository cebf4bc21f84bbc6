"""A lesson address or control that cannot be used gets a clear 4xx in the reader's language: a page with a way
back into the lesson, or (htmx) the `#sb-error` fragment the sandbox uses."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from kotguide.sandbox import errors as sandbox_errors
from kotguide.sandbox.position import PositionError

MESSAGES = {
    "off-script": _("This lesson address is damaged: it does not follow the lesson's steps."),
    "lesson-over": _("This lesson is finished: there is nothing more to play here."),
    "not-now": _("That control cannot be used at this point of the lesson."),
}


def message_of(error: PositionError) -> str:
    text = MESSAGES.get(error.code) or sandbox_errors.MESSAGES.get(error.code) or sandbox_errors.MESSAGES["malformed"]
    return str(text) % {"step": 0, "limit": 0, **error.params}


def page(request: HttpRequest, error: PositionError, lesson=None) -> HttpResponse:
    message = message_of(error)
    status = sandbox_errors.STATUS.get(error.code, 400)
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, "sandbox/_error.html", {"message": message}, status=status)
    return render(request, "learn/error.html", {"status": status, "message": message, "lesson": lesson},
                  status=status)
