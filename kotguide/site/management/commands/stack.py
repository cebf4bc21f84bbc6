"""`manage.py stack start|stop`: nginx in front of gunicorn on this machine (kotguide.site.stack, docs/deploy.md)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.shortcuts import render
from django.test import RequestFactory
from django.utils import translation

from kotguide.content.sections import LANGS
from kotguide.search.index import index_path
from kotguide.site.stack import Stack


def error_pages() -> dict[str, bytes]:
    """The site's error page for what nginx answers itself: {"ja-400": html, "en-500": html, …}."""
    pages = {}
    for lang in LANGS:
        with translation.override(lang):
            request = RequestFactory().get(f"/{lang}/", HTTP_HOST=settings.ALLOWED_HOSTS[0].lstrip("."))
            for status in (400, 500):
                pages[f"{lang}-{status}"] = render(request, "site/error.html", {"status": status}).content
    return pages


def app_writable() -> tuple[Path, ...]:
    """The directories the app writes: the SQLite database's (its journal goes beside it) and the file caches'."""
    paths = []
    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        paths.append(Path(database["NAME"]).resolve().parent)
    for cache in settings.CACHES.values():
        if cache["BACKEND"].endswith(("FileBasedCache", "FileCache")):
            paths.append(Path(cache["LOCATION"]).resolve())
    return tuple(dict.fromkeys(paths))


def check_user_can_run(user: str, python: str, directory: Path, writable: tuple[Path, ...]) -> None:
    """Refuse to give `user` the checkout or the stack's configuration, and make sure it can read what it serves."""
    base = Path(settings.BASE_DIR).resolve()
    for path in writable:
        if base.is_relative_to(path) or directory.resolve().is_relative_to(path):
            raise CommandError(f"{user} would own {path}, which holds the checkout or the stack's configuration: put "
                               "the database and the file caches in a directory of their own (KOTGUIDE_DB, "
                               "KOTGUIDE_CACHE_DIR; make serve uses var/app/), or set DATABASE_URL and REDIS_URL")
    var = base / "var"  # Django's file cache may have made it 0700; the user only needs to pass through it
    if var.is_dir():
        var.chmod(var.stat().st_mode | stat.S_IXGRP | stat.S_IXOTH)
    for test, path in (("-x", directory.parent), ("-r", base / "manage.py"), ("-r", Path(settings.STATIC_ROOT)),
                       ("-r", index_path())):
        if subprocess.run(["test", test, str(path)], user=user, check=False).returncode:
            raise CommandError(f"{user} cannot reach {path}: every directory above it needs to let others in "
                               "(chmod o+x), or start the stack as the checkout's owner (docs/deploy.md)")
    loaded = subprocess.run([python, "-c", "import django, gunicorn; django.setup()"], user=user, cwd=base,
                            capture_output=True, text=True, check=False)
    if loaded.returncode:
        raise CommandError(f"{user} cannot run the app with {python} ({loaded.stderr.strip().splitlines()[-1:]}): "
                           "make serve gives it a Python it can read (var/app-python), or start the stack as the "
                           "checkout's owner (docs/deploy.md)")


class Command(BaseCommand):
    help = "Start or stop nginx in front of gunicorn on this machine."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["start", "stop"])
        parser.add_argument("--directory", default=str(Path(settings.BASE_DIR) / "var" / "stack"))
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--app-port", type=int, default=8001)
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--threads", type=int, default=8)
        parser.add_argument("--no-cache", action="store_true", help="nginx passes every page to Django")
        parser.add_argument("--user", default=os.environ.get("KOTGUIDE_APP_USER") or None,
                            help="started as root: the unprivileged user the workers run as (default "
                                 "KOTGUIDE_APP_USER; make serve creates `kotguide`)")

    def handle(self, *args, action: str, **options):
        root = os.geteuid() == 0
        user = options["user"] if root else None
        directory = Path(options["directory"])
        stack = Stack(
            directory, Path(settings.STATIC_ROOT), host=options["host"], port=options["port"],
            app_port=options["app_port"], workers=options["workers"], threads=options["threads"],
            cache=not options["no_cache"], user=user, writable=app_writable() if user else (),
            python=os.environ.get("KOTGUIDE_APP_PYTHON", sys.executable) if user else sys.executable,
        )
        if action == "stop":
            stack.stop()
            self.stdout.write("stopped")
            return
        if user:
            directory.mkdir(parents=True, exist_ok=True)
            check_user_can_run(user, stack.python, directory, stack.writable)
        elif root:  # the app would run as root: say so (docs/deploy.md, "Who it runs as")
            self.stderr.write("warning: started as root without --user (KOTGUIDE_APP_USER), so gunicorn and nginx's "
                              "workers run as root; make serve runs them as `kotguide` (docs/deploy.md)")
        stack.start(error_pages())
        self.stdout.write(f"nginx on http://{stack.host}:{stack.port}/ in front of gunicorn on 127.0.0.1:"
                          f"{stack.app_port} ({stack.workers} workers x {stack.threads} threads"
                          f"{f', as {user}' if user else ''}); logs in {stack.directory}")
