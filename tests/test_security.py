"""Security: the headers every kind of page sends, no inline script or other host, per-reader CSRF tokens on pages
served from the page store, the production settings (`check --deploy`, HSTS, redirect), DATABASE_URL, bad hosts,
and in a real browser: htmx under the strict Content-Security-Policy with no violation reported.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.test import Client

from kotguide.search import search
from kotguide.site.database import from_url
from kotguide.site.pages import KINDS, store_example_position
from kotguide.site.security import CONTENT_SECURITY_POLICY

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("ja", "en")
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "worker-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'"
)
USUAL = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def fetch(client: Client, kind, lang: str):
    address = kind.address(lang)
    if kind.url_name == "sandbox:shared":
        store_example_position()
    response = client.get(address)
    assert response.status_code == kind.status, address
    return response


def body(response) -> str:
    content = response.content
    if response.get("Content-Encoding") == "gzip":
        content = gzip.decompress(content)
    return content.decode()


def test_the_policy_is_the_agreed_one():
    assert CONTENT_SECURITY_POLICY == CSP


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_every_kind_of_page_sends_the_security_headers(client, kind, lang):
    response = fetch(client, kind, lang)
    assert response["Content-Security-Policy"] == CSP
    assert "camera=()" in response["Permissions-Policy"]
    for name, value in USUAL.items():
        assert response[name] == value, name
    again = client.get(kind.address(lang))  # the second answer may come from the page store
    assert again["Content-Security-Policy"] == CSP and again["X-Frame-Options"] == "DENY"


_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
_URL_ATTR = re.compile(r'\b(src|href|action|formaction|poster|data)="([^"]*)"', re.I)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_pages_have_no_inline_script_or_style_and_load_nothing_from_another_host(client, kind, lang):
    html = body(fetch(client, kind, lang))
    for attrs, inner in _SCRIPT.findall(html):
        assert "src=" in attrs and not inner.strip(), f"inline script: {attrs} {inner[:80]}"
    assert not re.search(r"<style\b", html, re.I), "inline <style>"
    assert not re.search(r"\sstyle=", html, re.I), "style attribute"
    assert not re.search(r"\son[a-z]+=", html, re.I), "event-handler attribute"
    assert not re.search(r"\shx-on", html, re.I), "hx-on (needs eval)"
    assert "javascript:" not in html.lower()
    canonical = {m for m in re.findall(r'<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"', html)}
    for name, url in _URL_ATTR.findall(html):
        if url in canonical:  # this site's own absolute address, never fetched by the page
            continue
        assert not re.match(r"^([a-z][a-z0-9+.-]*:|//)", url, re.I) or url.startswith("mailto:") or (
            name.lower() == "href" and url.startswith("https://")  # a link the reader may follow, not a resource
        ), f"{name}={url}"


# ------------------------------------------------------------------ pages served from the page store


def test_the_store_keeps_only_plain_gets_of_content_pages(client):
    for query in ("?x=1", ""):
        client.get("/en/rules/heal/" + query)
    assert client.get("/en/rules/heal/?x=2").templates  # a query string is always rendered
    assert client.get("/en/rules/heal/", headers={"HX-Request": "true"}).templates
    client.get("/en/search/?q=heal")
    search.RECENT.clear()  # the search keeps its own pages per process; the store must not have kept this one
    assert client.get("/en/search/?q=heal").templates
    client.get("/en/rules/no-such-section/")
    assert client.get("/en/rules/no-such-section/").status_code == 404
    assert client.get("/en/rules/no-such-section/").templates


# ------------------------------------------------------------------ static files


def test_static_files_are_compressed_with_long_cache_and_the_headers(settings, tmp_path):
    """collectstatic as in production (hashed names, .gz beside each file), served by whitenoise."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    for name in ("css/site.css", "js/site.js"):
        response = Client().get(f"/static/{manifest[name]}", headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200
        assert response["Content-Encoding"] == "gzip"
        assert response["Cache-Control"] == "max-age=315360000, public, immutable"
        assert response["Content-Security-Policy"] == CSP
        assert response["X-Content-Type-Options"] == "nosniff"


# ------------------------------------------------------------------ bad input at the door


@pytest.mark.parametrize(("lang", "words"), [("ja", "リクエストを処理できません"), ("en", "Bad request")])
@pytest.mark.parametrize("host", ["bad host!", "", "[::1", "a" * 300 + "!"])
def test_a_bad_host_header_gets_a_400_in_the_readers_language(client, lang, words, host):
    response = client.get(f"/{lang}/rules/heal/", headers={"host": host})
    assert response.status_code == 400
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html and words in html
    assert response["Content-Security-Policy"] == CSP


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_method_gets_the_error_page_in_the_readers_language(client, lang):
    response = client.get(f"/{lang}/sandbox/share/")
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert f'<html lang="{lang}">' in response.content.decode()
    response = client.delete(f"/{lang}/rules/")
    assert response.status_code == 405
    assert f'<html lang="{lang}">' in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_csrf_check_is_in_the_readers_language(lang):
    response = Client(enforce_csrf_checks=True).post(f"/{lang}/sandbox/share/", {"position": "{}"})
    assert response.status_code == 403
    assert f'<html lang="{lang}">' in response.content.decode()


# ------------------------------------------------------------------ production settings

PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "kotguide.example,www.kotguide.example",
}


def production_env(tmp_path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL", "KOTGUIDE_DB"))}
    return {**env, **PRODUCTION, "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3",
            "DJANGO_STATIC_ROOT": str(tmp_path / "static"), **extra}


def manage(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    result = manage(production_env(tmp_path), "check", "--deploy", "--fail-level", "DEBUG")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_refuses_production_without_a_secret_key(tmp_path):
    env = production_env(tmp_path)
    del env["DJANGO_SECRET_KEY"]
    result = manage(env, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    assert "security.W009" in result.stdout + result.stderr


PROBE = """
import json, django
django.setup()
from django.core.management import call_command
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
call_command("migrate", verbosity=0)
call_command("collectstatic", interactive=False, verbosity=0)
client = Client(HTTP_HOST="kotguide.example")
plain = client.get("/en/rules/heal/")
secure = client.get("/en/rules/heal/", secure=True)
hosted = client.get("/en/rules/heal/", secure=True, HTTP_HOST="evil.example")
from django.conf import settings
print(json.dumps({
    "plain": [plain.status_code, plain.get("Location")],
    "secure": secure.status_code,
    "hsts": secure.get("Strict-Transport-Security"),
    "csp": secure.get("Content-Security-Policy"),
    "cookie": str(client.get("/en/sandbox/", secure=True).cookies.get("csrftoken")),  # a page with a form
    "hosted": hosted.status_code,
    "database": settings.DATABASES["default"]["ENGINE"],
}))
"""


def test_production_redirects_to_https_and_sends_hsts(tmp_path):
    env = production_env(tmp_path, DJANGO_SETTINGS_MODULE="kotguide.settings")
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["plain"] == [301, "https://kotguide.example/en/rules/heal/"]
    assert seen["secure"] == 200
    assert seen["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert seen["csp"] == CSP
    assert "Secure" in seen["cookie"] and "SameSite=Strict" in seen["cookie"]
    assert seen["hosted"] == 400  # not in DJANGO_ALLOWED_HOSTS
    assert seen["database"] == "django.db.backends.sqlite3"


# ------------------------------------------------------------------ DATABASE_URL


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("sqlite:///var/db.sqlite3", {"ENGINE": "django.db.backends.sqlite3", "NAME": Path("/base/var/db.sqlite3")}),
        ("sqlite:////srv/kotguide/db.sqlite3", {"NAME": Path("/srv/kotguide/db.sqlite3")}),
        ("sqlite://:memory:", {"NAME": ":memory:"}),
        ("sqlite:///:memory:", {"NAME": ":memory:"}),
        (
            "postgres://kot:p%40ss%2Fword@db.internal:6543/kotguide?sslmode=require&connect_timeout=5",
            {"ENGINE": "django.db.backends.postgresql", "NAME": "kotguide", "USER": "kot", "PASSWORD": "p@ss/word",
             "HOST": "db.internal", "PORT": "6543", "OPTIONS": {"sslmode": "require", "connect_timeout": "5"}},
        ),
        ("postgresql://localhost/kg", {"NAME": "kg", "USER": "", "PASSWORD": "", "HOST": "localhost", "PORT": ""}),
        ("postgres://u@%2Fvar%2Frun%2Fpostgresql/kg", {"HOST": "/var/run/postgresql", "USER": "u"}),
    ],
)
def test_database_url(url, expected):
    parsed = from_url(url, Path("/base"), conn_max_age=60)
    for key, value in expected.items():
        assert parsed[key] == value, key
    if parsed["ENGINE"].endswith("postgresql"):
        assert parsed["CONN_MAX_AGE"] == 60 and parsed["CONN_HEALTH_CHECKS"] is True


@pytest.mark.parametrize("url", ["mysql://u:p@h/db", "postgres://u:p@h:port/db", "postgres://u:p@h:5432/", "nonsense"])
def test_database_url_refuses_what_it_cannot_read(url):
    with pytest.raises(ImproperlyConfigured):
        from_url(url)


def test_settings_read_database_url(tmp_path):
    env = production_env(tmp_path, DATABASE_URL="postgres://kot:secret@127.0.0.1:5999/kotguide",
                         DJANGO_SETTINGS_MODULE="kotguide.settings")
    code = (
        "from django.conf import settings; d = settings.DATABASES['default'];"
        " print(d['ENGINE'], d['PORT'], d['CONN_MAX_AGE'])"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["django.db.backends.postgresql", "5999", "60"], result.stderr


# ------------------------------------------------------------------ in a real browser

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", e => window.__csp.push(e.violatedDirective + " " + e.blockedURI));
"""


def watch(page) -> list[str]:
    """Console errors and CSP violations of the page, as they come."""
    seen: list[str] = []
    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", lambda m: seen.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: seen.append(f"pageerror: {e}"))
    return seen


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
def test_htmx_steps_and_live_search_work_under_the_policy(live_server, page, lang):
    seen = watch(page)
    htmx_requests: list[str] = []
    page.on("request", lambda r: htmx_requests.append(r.url) if r.headers.get("hx-request") == "true" else None)
    response = page.goto(f"{live_server.url}/{lang}/sandbox/yielding/")
    assert response.headers["content-security-policy"] == CSP
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator('#sb-controls button.primary[value="roll"]').click()
    page.wait_for_url(re.compile(r"\?a=roll$"))
    page.locator('#sb-controls button.primary[value="resolve"]').click()
    page.wait_for_url(re.compile(r"\?a=roll\+resolve$"))
    assert page.locator('#sb-controls button[value="yield"]').first.is_visible()
    assert len([u for u in htmx_requests if "/sandbox/yielding/" in u]) >= 2, "the steps went through htmx"
    page.locator("#site-search-q").fill("heal" if lang == "en" else "回復")
    page.locator("#search-live #search-results").wait_for()
    assert any("/search/" in u for u in htmx_requests)
    assert page.evaluate("window.__csp") == []
    assert [s for s in seen if "Content Security Policy" in s or "pageerror" in s] == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_resolver_redraw_and_a_lesson_work_under_the_policy(live_server, page):
    """htmx POSTs (the table editor's edits, a button's and a select's, with the CSRF token from the cookie) and a
    lesson walked to the end."""
    from tests.browser.conftest import wait_until_settled
    from tests.browser.test_learn import LESSONS, walk

    seen = watch(page)
    page.goto(f"{live_server.url}/ja/resolve/?monsters=4")  # four seats: one goes
    with page.expect_response(lambda r: r.request.method == "POST" and "/resolve/" in r.url) as redraw:
        page.locator("#ed-monsters-down").click()
    assert redraw.value.status == 200
    page.locator("#ed-seat-3").wait_for(state="detached")
    wait_until_settled(page)
    with page.expect_response(lambda r: r.request.method == "POST" and "/resolve/" in r.url) as chosen:
        page.select_option("#ed-turn-v", index=1)
    assert chosen.value.status == 200
    lesson = LESSONS[0]
    page.goto(f"{live_server.url}/en/learn/{lesson.id}/")
    walk(page, "en", lesson)
    page.locator(f'[data-learn-done="{lesson.id}"]').wait_for()
    assert page.evaluate("window.__csp") == []
    assert [s for s in seen if "Content Security Policy" in s or "pageerror" in s] == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_no_kind_of_page_breaks_the_policy_in_a_browser(live_server, page, kind):
    address = kind.address("ja")
    if kind.url_name == "sandbox:shared":
        store_example_position()
    seen = watch(page)
    page.goto(live_server.url + address)
    page.wait_for_load_state("load")
    assert page.evaluate("window.__csp") == []
    assert [s for s in seen if "Content Security Policy" in s or "Refused" in s] == []


def test_debug_is_off_in_tests():
    assert settings.DEBUG is False  # the policy is skipped only for Django's DEBUG error pages
