"""The multiplayer server: tables, seats and tokens, the WebSocket protocol, and persistence (``server`` extra).

``create_app(db_url)`` builds the FastAPI application; ``wizard serve`` runs it on uvicorn. See docs/server.md.
FastAPI is imported only when the app is asked for, so ``wizard --help`` works without the extra.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(name)
