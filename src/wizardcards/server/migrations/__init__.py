"""Alembic migrations of the server's schema (run by ``db.upgrade``; shipped inside the package)."""
