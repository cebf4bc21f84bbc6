"""Template context every page needs: the other language's address of this page, canonical and hreflang links."""

from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language

OTHER_LANG = {"ja": "en", "en": "ja"}


def site(request: HttpRequest) -> dict:
    lang = get_language() or "en"
    if lang not in OTHER_LANG:
        lang = "en"
    path = request.path
    alternates = {code: request.build_absolute_uri(translate_url(path, code)) for code in OTHER_LANG}
    return {
        "lang": lang,
        "other_lang": OTHER_LANG[lang],
        "other_lang_url": translate_url(request.get_full_path(), OTHER_LANG[lang]),
        "canonical_url": request.build_absolute_uri(path),
        "alternates": alternates,
    }
