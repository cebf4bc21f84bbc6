"""`manage.py stack start|stop`: nginx in front of gunicorn on this machine (kotguide.site.stack, docs/deploy.md)."""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.shortcuts import render
from django.test import RequestFactory
from django.utils import translation

from kotguide.content.sections import LANGS
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

    def handle(self, *args, action: str, **options):
        stack = Stack(
            Path(options["directory"]), Path(settings.STATIC_ROOT), host=options["host"], port=options["port"],
            app_port=options["app_port"], workers=options["workers"], threads=options["threads"],
            cache=not options["no_cache"],
        )
        if action == "stop":
            stack.stop()
            self.stdout.write("stopped")
            return
        if os.geteuid() == 0:  # the app would run as root: say so (docs/deploy.md, "Who it runs as")
            self.stderr.write("warning: started as root, so gunicorn and nginx's workers run as root; start it as an "
                              "unprivileged user who owns the checkout (docs/deploy.md)")
        stack.start(error_pages())
        self.stdout.write(f"nginx on http://{stack.host}:{stack.port}/ in front of gunicorn on 127.0.0.1:"
                          f"{stack.app_port} ({stack.workers} workers x {stack.threads} threads); "
                          f"logs in {stack.directory}")
