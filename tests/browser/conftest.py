"""Browser tests: real Chromium (Debian's) through pytest-playwright, against Django's live server."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

# A shared 2-core CI machine can take longer than Playwright's 5 s to settle an htmx step; waiting longer costs a
# passing test nothing.
expect.set_options(timeout=15_000)

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # axe-core is injected as a script the site's Content-Security-Policy would refuse; the CSP itself is tested
    # in a context of its own, with the policy enforced (tests/test_security.py).
    return {**browser_context_args, "bypass_csp": True}


@pytest.fixture
def site(live_server, page):
    """Open a path of the live site: site("/en/rules/")."""

    def open_path(path: str):
        page.goto(live_server.url + path)
        return page

    return open_path


def wait_until_settled(page) -> None:
    """Wait until htmx has swapped and settled every region: a control clicked while its region is still being
    replaced is lost (a loaded machine can be slower than the next click)."""
    page.wait_for_function("!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def axe_violations(page, impacts=("serious", "critical")) -> list[str]:
    """Run axe-core on the page; the serious and critical violations, one line each."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes'][:3]]}"
        for v in result["violations"]
        if v["impact"] in impacts
    ]
