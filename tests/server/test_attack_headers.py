"""Attack from other sites: framing the page (clickjacking), reading tokens from the Referer or from logs of
URLs, running script the page did not ship. Today no answer carries a Content-Security-Policy, frame or referrer
header, and seat tokens travel in links' query strings (``/play?token=...``). The contract: every answer carries
the headers; links put credentials in the fragment (``#token=``, ``#invite=``, ``#watch=``), never in a query."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx

import wizardcards.server

from .strangers import get, post, running, seated

WEB = Path(wizardcards.server.__file__).with_name("web")


def check_headers(response: httpx.Response, what: str) -> None:
    headers = response.headers
    policy = headers.get("content-security-policy", "")
    directives = {part.strip().split(" ", 1)[0]: part.strip() for part in policy.split(";") if part.strip()}
    assert directives.get("frame-ancestors") == "frame-ancestors 'none'", (what, policy)
    assert directives.get("script-src") == "script-src 'self'", (what, policy)
    assert directives.get("default-src") == "default-src 'self'", (what, policy)
    assert directives.get("object-src") == "object-src 'none'", (what, policy)
    assert directives.get("base-uri") == "base-uri 'none'", (what, policy)
    assert headers.get("x-frame-options") == "DENY", (what, dict(headers))
    assert headers.get("referrer-policy") == "no-referrer", (what, dict(headers))
    assert headers.get("x-content-type-options") == "nosniff", (what, dict(headers))


def links_of(value: object) -> list[str]:
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("link", "spectator", "invite") and isinstance(item, str) and item.startswith("/"):
                found.append(item)
            found += links_of(item)
    elif isinstance(value, list):
        for item in value:
            found += links_of(item)
    return found


def test_every_answer_carries_the_headers_and_no_token_travels_in_a_query(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'headers.sqlite3'}") as server:
        created = post(server, "/tables", {"game": "wizard", "players": 3, "seats": [
            {"name": "Host", "claimed": True}, {"name": "P2", "open": True}, {"name": "P3"}]})
        assert created.status_code == 201, created.text
        table = created.json()
        joined = post(server, f"/tables/{table['id']}/join", {"name": "Bo"})
        answers = {
            "the lobby page": get(server, "/"), "the table page": get(server, "/play"),
            "POST /tables": created, "POST /tables/{id}/join": joined,
            "GET /tables": get(server, "/tables"), "GET /tables/{id}": get(server, f"/tables/{table['id']}"),
            "GET /meta": get(server, "/meta"), "a 404": get(server, "/tables/none-such"),
            "a 422": post(server, "/tables", {"players": "three"}),
            "a static file": get(server, "/static/app.css"),
        }
        for what, response in answers.items():
            check_headers(response, what)
        for what in ("POST /tables", "POST /tables/{id}/join", "GET /tables", "GET /tables/{id}"):
            assert "?token=" not in answers[what].text, what
            for link in links_of(answers[what].json()):
                assert "?" not in link and link.startswith("/play#"), (what, link)
        seats = {s["seat"]: s for s in table["seats"]}
        assert seats[0]["link"] == f"/play#token={seats[0]['token']}"
        assert seats[2]["token"] is None and seats[2]["link"] == f"/play#invite={seats[2]['invite']}"
        assert seats[1]["token"] is None and seats[1]["link"] is None  # open: POST .../join hands it out
        assert table["spectator"] == f"/play#watch={table['spectator_token']}"
        assert joined.json()["link"] == f"/play#token={joined.json()['token']}"
        peer = seated(server, table["seats"][0]["token"])  # and the WebSocket's frames carry no link with a token
        assert not any("?token=" in json.dumps(frame) for frame in peer.frames)
        peer.close()


def test_the_page_has_no_inline_script_and_builds_no_token_query(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'page.sqlite3'}") as server:
        page = get(server, "/play").text
        assert "style=\"" not in page and "style='" not in page
        for start in range(len(page)):
            if page.startswith("<script", start):
                tag = page[start:page.index(">", start) + 1]
                assert " src=" in tag, f"an inline script: {tag}"
        scripts = sorted((WEB / "js").glob("*.js")) if (WEB / "js").is_dir() else []
        assert scripts, "the page's scripts"
        for script in scripts:
            served = get(server, f"/static/js/{script.name}")
            assert served.status_code == 200
            check_headers(served, script.name)
            # (reading an old ``?token=`` link to move it into the fragment is fine: building one is not)
            built = re.search(r"""\?token=(\$\{|['"`]\s*\+)""", served.text)
            assert built is None, f"{script.name} builds a link with the token in its query: {built}"
            assert "setAttribute('style'" not in served.text and 'setAttribute("style"' not in served.text
