"""Attack (by accident, from the seat's own holder): two tabs of one seat. One tab acts; the other tab's click on the
same, now old, decision arrives late. Today an action does not say which decision it answers, so the late click lands
on the seat's next decision. The contract: an action carries the ``seq`` of the view it answers; one for another
decision is refused with ``stale`` naming the current one, and nothing changes."""

from __future__ import annotations

from pathlib import Path

from .strangers import next_id, running, seat_token, seated, solo, summary


def test_a_late_click_from_a_second_tab_is_refused_as_stale(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'stale.sqlite3'}") as server:
        table = solo(server, "Ann", {"schedule": "custom", "custom_hand_sizes": [3, 4]})
        one, two = seated(server, seat_token(table)), seated(server, seat_token(table))
        one.settle(0)
        two.settle(0)
        old = one.seq
        assert two.seq == old and one.view is not None
        first = next_id()
        ack = one.act(int(one.view["legal_actions"][0]), message_id=first)
        assert ack["type"] == "ack" and ack["number"] == old, ack
        two.settle(ack["seq"])  # the bots have moved: Ann is on turn again, a later decision
        now = two.seq
        assert now > old and two.view is not None and two.view["legal_actions"]
        late = two.act(int(two.view["legal_actions"][0]), seq=old)  # a click on the old view, legal now too
        assert late["type"] == "error" and late["code"] == "stale", f"the late click was taken: {late}"
        assert late["seq"] == now and str(now) in late["message"], late
        assert summary(server, table["id"])["decisions"] == now
        assert two.sync()["seq"] == now
        # the first tab sending its accepted action again (same id): the same ack, whatever its seq, applied once
        assert one.act(int(one.view["legal_actions"][0]), seq=old, message_id=first) == ack
        assert summary(server, table["id"])["decisions"] == now
        # a seq ahead of the table, or none at all, is refused too
        ahead = two.act(int(two.view["legal_actions"][0]), seq=now + 5)
        assert (ahead["type"], ahead.get("code")) == ("error", "stale"), ahead
        message_id = next_id()
        two.send({"type": "action", "id": message_id, "action": int(two.view["legal_actions"][0])})
        missing = two.until(lambda f: f.get("reply_to") == message_id)
        assert (missing["type"], missing.get("code")) == ("error", "invalid"), missing
        answer = two.act(int(two.view["legal_actions"][0]), seq=now)  # the current decision: taken
        assert answer["type"] == "ack" and answer["number"] == now, answer
        one.close()
        two.close()
