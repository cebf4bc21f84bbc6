"""Helpers for the tests of the site's POST forms (the dispute resolver, a new sandbox game)."""

import re
from html import unescape

from kotguide.sandbox.models import SharedPosition
from kotguide.sandbox.position import Position


def html_of(response) -> str:
    return unescape(response.content.decode())


def opened(response) -> Position:
    """The position a successful POST stored and redirected to."""
    assert response.status_code == 302, errors_of(response)
    match = re.fullmatch(r"/(?:ja|en)/p/([a-z2-7]{26})/", response["Location"])
    assert match, response["Location"]
    return Position.from_json(SharedPosition.objects.get(pk=match.group(1)).data)


def errors_of(response) -> dict[str, str]:
    """Field → its error text, as shown beside the field (the resolver's ids are "f-<name>", Django's "id_<name>")."""
    html = html_of(response)
    return {
        m.group(1): re.sub(r"<[^>]+>", " ", m.group(2)).strip()
        for m in re.finditer(r'<ul class="errorlist[^"]*" id="(?:f-|id_)([a-z0-9_-]+)_error">(.*?)</ul>', html, re.S)
    }
