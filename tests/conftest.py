import os

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's database setup must still be allowed.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def built_search_index(tmp_path_factory):
    """A search index built once for the test session from content/ (tests never touch the real one)."""
    from kotguide.search import index

    path = tmp_path_factory.mktemp("search") / "search.sqlite3"
    index.build(path)
    return path


@pytest.fixture
def search_index(settings, built_search_index):
    settings.SEARCH_INDEX = built_search_index
    return built_search_index


@pytest.fixture
def still_rate_clock(monkeypatch):
    """The rate limits' clock stands still: a test's requests must not straddle the end of a rate window (a
    minute, whose end django-ratelimit sets per key) on a slow machine."""
    from types import SimpleNamespace

    from django_ratelimit import core

    monkeypatch.setattr(core, "time", SimpleNamespace(time=lambda: 1_800_000_030.0))


@pytest.fixture(autouse=True)
def _empty_shared_cache(settings, request):
    """Each test starts with an empty shared cache (game snapshots, stored positions' checks, rate counts): its own
    in memory, or, with REDIS_URL (`make test-redis`), the Redis one emptied; and no search results of this
    process's own."""
    import os

    from django.core.cache import caches

    from kotguide.search.search import RECENT

    RECENT.clear()

    if not os.environ.get("REDIS_URL"):
        settings.CACHES = {
            **settings.CACHES,
            "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": request.node.nodeid},
            "regions": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                        "LOCATION": "regions " + request.node.nodeid},
        }
    for alias in ("default", "regions"):
        caches[alias].clear()
    yield
    for alias in ("default", "regions"):
        caches[alias].clear()


# Wall time per test directory (setup, call and teardown of its tests, summed over workers), printed at the end of
# the run next to --durations: where the suite's minutes go.
_DIRECTORY_SECONDS: dict[str, float] = {}


def pytest_runtest_logreport(report):
    directory = report.nodeid.split("::", 1)[0].rpartition("/")[0] or "."
    _DIRECTORY_SECONDS[directory] = _DIRECTORY_SECONDS.get(directory, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter):
    if not _DIRECTORY_SECONDS:
        return
    terminalreporter.section("seconds per test directory")
    for directory, seconds in sorted(_DIRECTORY_SECONDS.items(), key=lambda item: -item[1]):
        terminalreporter.write_line(f"{seconds:9.1f} s  {directory}")
