"""Template context every page needs: the other language's address of this page, canonical and hreflang links.

Absolute links are built from settings.PUBLIC_ORIGIN (KOTGUIDE_PUBLIC_ORIGIN), never from the request's Host header,
and only from paths that resolve: `//evil.example/..` is a path here, and its language switch leads to the other
language's home page, not off the site. The addresses are worked out only when a template shows them (a sandbox
step's answer shows none).
"""

from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.functional import SimpleLazyObject, lazy
from django.utils.translation import get_language

from kotguide.content import library

OTHER_LANG = {"ja": "en", "en": "ja"}
_translated_url = lazy(translate_url, str)  # worked out when a template shows it


def public_origin(request: HttpRequest) -> str:
    """The site's public origin (scheme and host, no trailing slash): the setting, or this request's own."""
    return settings.PUBLIC_ORIGIN or f"{request.scheme}://{request.get_host()}"


def site(request: HttpRequest) -> dict:
    lang = get_language() or "en"
    if lang not in OTHER_LANG:
        lang = "en"
    origin = public_origin(request)
    path = request.path
    if path.startswith("//") or request.resolver_match is None:
        path = library.url_in(lang, "site:home")  # an unknown page: no address of its own to link to
        other = library.url_in(OTHER_LANG[lang], "site:home")
    else:
        other = _translated_url(request.get_full_path(), OTHER_LANG[lang])
    return {
        "lang": lang,
        "other_lang": OTHER_LANG[lang],
        "other_lang_url": other,
        "canonical_url": origin + path,
        "alternates": SimpleLazyObject(lambda: {code: origin + translate_url(path, code) for code in OTHER_LANG}),
    }
