"""Shared by the score pad's browser tests: a server of their own (one test stops it), pages of the pad at 390x844,
and the pad's own modules run in the page (``in_page``) so the tests compare its code with the core's."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from .conftest import PHONE, watch_errors
from .helpers import ServerProcess, start_server

MODULES = {"R": "pad_rules", "M": "pad_model", "F": "pad_files"}


@pytest.fixture(scope="module")
def pad_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = start_server(tmp_path_factory.mktemp("pad") / "pad.sqlite3")
    yield process
    process.stop()


def open_pad(context: BrowserContext, server: ServerProcess, fragment: str = "") -> Page:
    page = watch_errors(context.new_page())
    page.goto(server.url + "/pad" + fragment)
    page.wait_for_selector("main[data-view]")
    return page


@pytest.fixture
def phone(new_context: Callable[..., BrowserContext]) -> BrowserContext:
    return new_context(viewport=PHONE)


def in_page(page: Page, body: str, arg: Any = None) -> Any:
    """Run ``body`` (the inside of an async function of ``R``, ``M``, ``F`` (the pad's modules), ``cat`` (the rule
    tables the page fetched) and ``arg``) in the page; returns what it returns, through JSON."""
    imports = "".join(f"const {name} = await import('/static/js/{module}.js');" for name, module in MODULES.items())
    script = f"async (arg) => {{ {imports} const cat = await (await fetch('/pad/rules')).json(); {body} }}"
    return page.evaluate(script, json.loads(json.dumps(arg)))


def clean_errors(page: Page) -> None:
    assert page.script_errors == [], page.script_errors  # type: ignore[attr-defined]


__all__ = ["Path", "clean_errors", "in_page", "open_pad", "pad_server", "phone"]
