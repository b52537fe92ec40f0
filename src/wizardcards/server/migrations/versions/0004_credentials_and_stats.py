"""Credentials and statistics: seat tokens move out of ``seats`` into ``credentials``, stored as SHA-256 digests
(several per seat: a holder's devices; invite codes beside them), and ``player_stats`` keeps each name's finished
games, added to as each game ends. The statistics of games finished before are computed once here, from their
records (human seats only, as from now on).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import hashlib
import json

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "credentials",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
    )
    op.create_index("ix_credentials_table_id", "credentials", ["table_id"])
    op.create_table(
        "player_stats",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(8), primary_key=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Float(), nullable=False),
        sa.Column("score_total", sa.BigInteger(), nullable=False),
    )
    bind = op.get_bind()
    seats = bind.execute(sa.text("SELECT table_id, seat, token FROM seats")).all()
    if seats:
        bind.execute(
            sa.text("INSERT INTO credentials (digest, table_id, seat, kind) "
                    "VALUES (:digest, :table_id, :seat, 'seat')"),
            [{"digest": hashlib.sha256(token.encode()).hexdigest(), "table_id": table_id, "seat": seat}
             for table_id, seat, token in seats],
        )
    op.drop_index("ix_seats_token", table_name="seats")
    op.drop_column("seats", "token")  # SQLite 3.35 and later drop a column in place
    _count_finished_games(bind)


def _count_finished_games(bind: sa.engine.Connection) -> None:
    from wizardcards.core import GameRecord, RuleSet, replay

    totals: dict[tuple[str, str], list[float]] = {}
    for table_id, rules_text, seed in bind.execute(
        sa.text("SELECT id, rules, seed FROM game_tables WHERE status = 'finished'")
    ).all():
        try:
            rules = RuleSet.from_dict(json.loads(rules_text))
            actions = [a for (a,) in bind.execute(
                sa.text("SELECT action FROM actions WHERE table_id = :id ORDER BY number"), {"id": table_id})]
            state = replay(GameRecord(rules=rules, seed=seed, actions=actions))
        except Exception:  # a game that no longer replays is left out of the statistics, not the upgrade's end
            continue
        winners, returns = state.winners(), state.returns()
        for seat, name in bind.execute(
            sa.text("SELECT seat, name FROM seats WHERE table_id = :id AND bot IS NULL"), {"id": table_id}
        ).all():
            total = totals.setdefault((name, rules.game.value), [0, 0.0, 0])
            total[0] += 1
            total[1] += 1 / len(winners) if seat in winners else 0.0
            total[2] += returns[seat] if rules.game.value == "wizard" else 0
    if totals:
        bind.execute(
            sa.text("INSERT INTO player_stats (name, game, games, wins, score_total) "
                    "VALUES (:name, :game, :games, :wins, :score_total)"),
            [{"name": name, "game": game, "games": int(t[0]), "wins": t[1], "score_total": int(t[2])}
             for (name, game), t in totals.items()],
        )


def downgrade() -> None:
    raise NotImplementedError("seat tokens are stored as digests from 0004 on: they cannot be written back")
