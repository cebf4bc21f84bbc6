"""The dispute resolver: a host types the table as it is, and it opens in the sandbox at the disputed step.

GET shows the form, prefilled from the address (`?monsters=2&m1-monster=gigazaur&…`, the form's own field names: a
card page or an FAQ entry links to a ready table). POST checks it: a refused table comes back as typed, each reason
beside its field (400); a good one is stored like a shared position and the reader is sent to `/<lang>/p/<id>/`.
A POST with `update` only redraws the form (another number of monsters, the five-card market) keeping what was typed.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from kotguide.sandbox.game import open_position
from kotguide.sandbox.models import SharedPosition
from kotguide.sandbox.position import PositionError

from .build import Refused, position_for, table_problems
from .forms import TableForm, initial_from


@require_http_methods(["GET", "HEAD", "POST"])
def form(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _show(request, TableForm(initial=initial_from(request.GET)))
    if "update" in request.POST:
        return _show(request, TableForm(initial=initial_from(request.POST)))
    table_form = TableForm(request.POST)
    if not table_form.is_valid():
        partial = table_form.partial_table()  # the rules of the game are checked on the fields that are right
        for problem in table_problems(partial, get_language()) if partial else ():
            if problem.field is None or problem.field not in table_form.errors:
                table_form.add_error(problem.field, problem.message)
    else:
        try:
            position = position_for(table_form.table(), get_language())
            open_position(position)  # what is stored always replays
        except Refused as refused:
            for problem in refused.problems:
                table_form.add_error(problem.field, problem.message)
        except PositionError:  # pragma: no cover - position_for has replayed the same setup and actions
            table_form.add_error(None, _("The sandbox cannot open this table."))
        else:
            return HttpResponseRedirect(reverse("sandbox:shared", args=[SharedPosition.store(position)]))
    return _show(request, table_form, status=400)


def _show(request: HttpRequest, table_form: TableForm, status: int = 200) -> HttpResponse:
    fragment = request.htmx and not request.htmx.history_restore_request
    template = "disputes/_form.html" if fragment else "disputes/page.html"
    return render(request, template, {"form": table_form}, status=status)
