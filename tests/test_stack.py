"""The production stack (nginx in front of gunicorn, kotguide.site.stack) started for real on 127.0.0.1: nginx's own
answers carry the security headers and the site's page (F9), content pages are cached by nginx under the configured
origin only, static files are immutable, one compressing layer. Needs Debian's nginx (`make test` installs it)."""

from __future__ import annotations

import gzip
import http.client
import os
import secrets
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from kotguide.site.security import CONTENT_SECURITY_POLICY

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("stack")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "kotguide.settings", "DJANGO_DEBUG": "0",
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "KOTGUIDE_PUBLIC_ORIGIN": "https://kotguide.example", "DJANGO_STATIC_ROOT": str(tmp / "static"),
           "KOTGUIDE_DB": str(tmp / "db.sqlite3"), "KOTGUIDE_CACHE_DIR": str(tmp / "cache"),
           "DJANGO_SECURE_SSL_REDIRECT": "0"}
    env.pop("REDIS_URL", None)
    port = free_port()
    manage = [sys.executable, "manage.py"]
    for command in (["collectstatic", "--noinput", "-v", "0"], ["migrate", "--noinput", "-v", "0"]):
        subprocess.run([*manage, *command], cwd=ROOT, env=env, check=True)
    directory = tmp / "run"
    subprocess.run([*manage, "stack", "start", "--directory", str(directory), "--port", str(port), "--app-port",
                    str(free_port()), "--workers", "1", "--threads", "4"], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL, timeout=120)
    yield port, tmp
    subprocess.run([*manage, "stack", "stop", "--directory", str(directory)], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)


def send(port: int, raw: bytes) -> tuple[int, dict, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(raw)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def get(port: int, path: str, **headers) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def assert_security_headers(headers: dict) -> None:
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"


def test_f9_a_request_line_too_long_gets_the_site_page_with_the_headers(stack):
    port, _ = stack
    status, headers, body = get(port, "/ja/?q=" + "x" * 9000)
    assert status == 414
    assert_security_headers(headers)
    assert b"kotguide" in body and b'<html lang="en">' in body  # nginx cannot read the path of a line this long


def test_f9_a_malformed_request_gets_the_site_page_with_the_headers(stack):
    port, _ = stack
    status, headers, body = send(port, b"GET /ja/\x01\x02 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert status == 400
    assert_security_headers(headers)
    assert b"<title>" in body and b"kotguide" in body


def test_content_pages_are_cached_by_nginx_whatever_the_host(stack):
    port, _ = stack
    first = get(port, "/en/glossary/", Host="127.0.0.1:1")
    second = get(port, "/en/glossary/", Host="127.0.0.1:2")
    assert first[0] == second[0] == 200
    assert second[1]["x-cache"] == "HIT" and first[2] == second[2]
    assert b'href="https://kotguide.example/en/glossary/"' in second[2]
    assert "set-cookie" not in second[1]
    assert_security_headers(second[1])


def test_one_compressing_layer(stack):
    port, _ = stack
    status, headers, body = get(port, "/en/search/?q=heal", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert b"</html>" in gzip.decompress(body)  # compressed once: one gunzip gives the page


def test_hashed_static_files_are_immutable(stack):
    port, _ = stack
    _status, _headers, page = get(port, "/en/")
    css = next(p for p in page.decode().split('"') if p.startswith("/static/css/site."))
    status, headers, _ = get(port, css, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["cache-control"] == "public, max-age=31536000, immutable"
    assert headers["content-encoding"] == "gzip"
    assert_security_headers(headers)
