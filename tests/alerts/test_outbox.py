"""The outbox through a running server: a receiver down for a while gets every notification
afterwards exactly once per id, and a server killed while it retries loses none."""
from __future__ import annotations

import signal

import pytest

from tests.alerts.patrol import create, patrol, run, serve, webhook
from tests.alerts.receiver import Receiver
from tracepatrol.harness.waiting import wait_for

# Three rules that fire on the same bad run and resolve on the same good one: six notifications.
RULES = [{"name": "pass-rate", "evaluator": "safety", "metric": "pass_rate", "below": 0.8, "notify": ["hook"]},
         {"name": "mean-score", "evaluator": "safety", "metric": "mean_score", "below": 0.8, "notify": ["hook"]},
         {"name": "leaks", "metric": "label_share", "label": "pii_leak", "above": 0.2, "notify": ["hook"]}]
BAD, GOOD = [True, True, True, False, False], [False] * 5


@pytest.fixture
def down(tmp_path):
    """A server whose destination `hook` is a receiver that is not listening yet."""
    receiver = Receiver()
    srv = serve(tmp_path, {"hook": webhook(receiver.url)})
    yield srv, receiver
    srv.stop()
    receiver.stop()


def outbox(srv) -> list[dict]:
    return srv.get("/api/alerts/notifications").json()


def retried(srv, count: int, attempts: int = 2) -> list[dict]:
    """The outbox once it holds `count` notifications, all pending, each firing one attempted
    `attempts` times (a resolution waits for its firing to be delivered)."""
    return wait_for(f"{count} notifications, the firing ones tried {attempts} times",
                    lambda: (o := outbox(srv)) and len(o) == count and all(n["state"] == "pending" for n in o)
                    and all(n["attempts"] >= attempts for n in o if n["event"] == "firing") and o, timeout=60)


def delivered(srv, receiver: Receiver, ids: set[str]) -> None:
    wait_for("every notification delivered", lambda: all(n["state"] == "sent" for n in outbox(srv))
             and set(receiver.ids()) >= ids, timeout=60)


def test_a_receiver_down_for_a_while_gets_every_notification_once_per_id(down):
    srv, receiver = down
    task = patrol("flaky", RULES)
    create(srv, task)
    run(srv, task, BAD)
    run(srv, task, GOOD)
    pending = retried(srv, 6)
    firing = [n for n in pending if n["event"] == "firing"]
    assert len(firing) == 3 and all("Connect" in n["last_error"] for n in firing)
    assert all(n["attempts"] == 0 for n in pending if n["event"] == "resolved")  # never before their firing
    ids = {n["notification_id"] for n in pending}
    episodes = {i.rsplit("-", 1)[0] for i in ids}
    assert ids == {f"{e}-{status}" for e in episodes for status in ("firing", "resolved")} and len(episodes) == 3

    receiver.start()
    delivered(srv, receiver, ids)
    assert sorted(receiver.ids()) == sorted(ids)  # each exactly once
    order = receiver.ids()
    assert all(order.index(f"{e}-firing") < order.index(f"{e}-resolved") for e in episodes)
    assert str(receiver.port) not in srv.output()


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "stopped"])
def test_a_restart_while_retrying_loses_no_notification(down, how):
    srv, receiver = down
    task = patrol("restarted", RULES)
    create(srv, task)
    run(srv, task, BAD)
    ids = {n["notification_id"] for n in retried(srv, 3)}
    srv.stop(how)
    receiver.start()
    srv.start()
    delivered(srv, receiver, ids)
    assert sorted(receiver.ids()) == sorted(ids)
    assert {n["notification_id"] for n in outbox(srv)} == ids
