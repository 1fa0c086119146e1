"""The checker page (issue 4) in a real browser: gunicorn on a loopback port, headless Chromium.

The service runs as in production (``service.server.gunicorn_command``) over a temporary
data directory with the embedded demo catalog.  Chromium is Debian's ``chromium`` package
(``scripts/ensure_chromium.sh`` installs it), driven by Playwright's Python package through
``executable_path``; Playwright's own browser downloads are never used.  A missing browser
is a failure, not a skip: these tests are the page's only check.

The screenshot of a real check goes to ``test-artifacts/page.png`` (git-ignored); set
``DEPCHECK_UPDATE_SCREENSHOT=1`` to also refresh the committed ``docs/screenshot.png``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.server import gunicorn_command, gunicorn_env

from .support import stop_server, wait_until_ready

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path(os.environ.get("DEPCHECK_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
ARTIFACTS = ROOT / "test-artifacts"
DOCS_SCREENSHOT = ROOT / "docs" / "screenshot.png"

# Against the demo catalog (laptop bags): Product 3 is the lightest, not Product 2.
COPY = ("Product 2 is the lightest bag. Product 1 costs $49.99 and is "
        "waterproof. Product 3 is navy.")
SHOP_CSV = "product,price,power\nAlpha,$49,550W\nBeta,$79,900W\nGamma,$99,1200W\n"


def _get(port: int, path: str) -> int:
    with urllib.request.urlopen(f"http://{HOST}:{port}{path}", timeout=10) as response:
        return response.status


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("page")
    log_path = root / "gunicorn.log"
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port = probe.getsockname()[1]
    env = gunicorn_env(root / "tables", base=dict(os.environ), rules_poll_seconds=0)
    with log_path.open("wb") as log:
        proc = subprocess.Popen(gunicorn_command(HOST, port, 1), env=env, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until_ready(proc, log_path, lambda: _get(port, "/readyz") == 200)
        yield f"http://{HOST}:{port}"
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not CHROMIUM.is_file():
        pytest.fail(f"no Chromium at {CHROMIUM}: run scripts/ensure_chromium.sh (installs "
                    "Debian's chromium package) or set DEPCHECK_CHROMIUM", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the playwright Python package is missing: pip install playwright "
                    "(the browser itself comes from Debian, never `playwright install`)",
                    pytrace=False)
    with sync_playwright() as pw:
        try:
            chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        except Exception as exc:  # noqa: BLE001 - any launch failure is the same failure
            pytest.fail(f"Chromium at {CHROMIUM} did not start: {exc}", pytrace=False)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser, base_url):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1100, "height": 760})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    expected = ("status of 413", "status of 422")  # the error-path test asks for these

    def on_console(msg) -> None:  # type: ignore[no-untyped-def]
        if msg.type == "error" and not any(e in msg.text for e in expected):
            errors.append(msg.text)

    pg.on("console", on_console)
    pg.goto(base_url + "/")
    pg.wait_for_selector('#table-source option[value="demo"]', state="attached")
    yield pg
    context.close()
    assert not errors, f"browser errors: {errors}"


def _check(pg, text: str) -> None:  # type: ignore[no-untyped-def]
    pg.fill("#text", text)
    pg.press("#text", "Control+Enter")
    # selector waits, not wait_for_function: the page's CSP forbids eval, and stays on
    pg.wait_for_selector("#check-btn:disabled", state="detached")
    pg.wait_for_selector("#results:not([hidden]), #message:not([hidden])")


def test_refuted_superlative_is_red_and_explained_with_its_cells(page) -> None:  # type: ignore[no-untyped-def]
    assert page.eval_on_selector("#table-source", "s => s.value") == "demo"
    _check(page, COPY)
    assert page.is_hidden("#message")

    summary = page.inner_text("#summary")
    n_claims = page.locator("#marked .claim").count()
    assert n_claims >= 3
    refuted = page.locator("#marked .claim.refuted")
    assert refuted.count() >= 1
    assert summary.startswith(f"{refuted.count()} of {n_claims} claims refuted")
    assert page.locator("#marked .claim.supported").count() >= 1

    red = page.locator("#marked .claim.refuted", has_text="lightest")
    assert red.count() == 1
    color = red.evaluate("e => getComputedStyle(e).textDecorationColor")
    assert color == "rgb(207, 34, 46)", color  # --bad

    red.hover()
    detail = page.locator("#detail")
    assert "lowest weight of all 3 is Product 3 (1.8 lbs); Product 2 has 3.1 lbs" \
        in detail.inner_text()
    assert "superlative" in detail.inner_text()  # the rule
    assert "“lightest” → “weight”" in detail.inner_text()  # linked attribute, with method
    # the superlative compared every row: all weights are output cells, Product 2 selected
    outputs = page.locator("#table-view td.cell-output")
    assert sorted(outputs.all_inner_texts()) == ["1.8 lbs", "2.5 lbs", "3.1 lbs"]
    assert {c.get_attribute("data-col") for c in outputs.all()} == {"weight"}
    used = page.locator("#table-view td.cell-used")
    assert used.all_inner_texts() == ["Product 2"]
    assert "weight" in page.locator("#table-view thead th.col-lit").all_inner_texts()
    out_bg = outputs.first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert out_bg == "rgb(255, 216, 107)", out_bg

    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "page.png"
    page.screenshot(path=str(shot), full_page=True)
    if os.environ.get("DEPCHECK_UPDATE_SCREENSHOT") or not DOCS_SCREENSHOT.exists():
        DOCS_SCREENSHOT.parent.mkdir(exist_ok=True)
        shutil.copyfile(shot, DOCS_SCREENSHOT)


def test_claims_are_keyboard_reachable(page) -> None:  # type: ignore[no-untyped-def]
    _check(page, COPY)
    page.focus("#check-btn")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.className")
    assert "claim" in focused
    first = page.evaluate("document.activeElement.textContent")
    assert page.locator("#detail .explanation").inner_text().strip()
    assert page.locator("#marked .claim.active").inner_text() == first
    assert page.locator("#table-view td.cell-output").count() >= 1


def test_uploaded_csv_table_is_checked_inline(page) -> None:  # type: ignore[no-untyped-def]
    page.select_option("#table-source", "__csv__")
    assert page.is_visible("#csv-text")
    page.fill("#csv-text", SHOP_CSV)
    _check(page, "Beta costs $99.")
    assert page.is_hidden("#message"), page.inner_text("#message")
    assert page.locator("#table-view tbody tr").count() == 3
    red = page.locator("#marked .claim.refuted")
    assert red.count() == 1
    red.focus()
    assert "price of Beta is $79" in page.inner_text("#detail")
    # the stated value is another row's (Gamma's): both cells are output
    assert page.locator("#table-view td.cell-output").all_inner_texts() == ["$79", "$99"]
    assert page.locator("#table-view td.cell-used").all_inner_texts() == ["Beta"]


def test_bad_csv_and_long_text_show_a_message(page) -> None:  # type: ignore[no-untyped-def]
    page.select_option("#table-source", "__csv__")
    page.fill("#csv-text", "product,price\nAlpha\nBeta,$79\n")
    _check(page, "Beta costs $79.")
    message = page.locator("#message")
    assert message.is_visible()
    assert "row 0 has 1 cells, the header has 2" in message.inner_text()
    assert "E200" in message.inner_text()
    assert page.is_hidden("#results")

    page.select_option("#table-source", "demo")
    _check(page, "Product 1 is grey. " * 300)
    assert message.is_visible()
    assert "the limit is 5000" in message.inner_text()


def test_readable_at_320_px(browser, base_url) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 320, "height": 640})
    pg = context.new_page()
    try:
        pg.goto(base_url + "/")
        pg.wait_for_selector('#table-source option[value="demo"]', state="attached")
        _check(pg, COPY)
        assert pg.locator("#marked .claim.refuted").count() >= 1
        width = pg.evaluate("document.documentElement.scrollWidth")
        assert width <= 320, f"page is {width}px wide at a 320px viewport"
        pg.screenshot(path=str(ARTIFACTS / "page-320.png"), full_page=True)
    finally:
        context.close()


def test_large_table_shows_involved_rows_with_context(page) -> None:  # type: ignore[no-untyped-def]
    csv = "product,price\n" + "".join(f"Item {i},${100 + i}\n" for i in range(1, 41))
    page.select_option("#table-source", "__csv__")
    page.fill("#csv-text", csv)
    _check(page, "Item 20 costs $120.")
    assert page.is_hidden("#message"), page.inner_text("#message")
    claim = page.locator("#marked .claim").first
    claim.hover()
    rows = [int(r) for r in page.locator("#table-view tbody tr[data-row]")
            .evaluate_all("rs => rs.map(r => r.dataset.row)")]
    assert 19 in rows and len(rows) < 40, rows  # Item 20 is row index 19
    assert set(rows) <= {18, 19, 20}, rows  # one context row either side
    gaps = page.locator("#table-view tr.gap").all_inner_texts()
    assert gaps and all("not involved" in g for g in gaps)
    assert page.locator("#table-view td.cell-output").all_inner_texts() == ["$120"]
