"""Annotation that scales, in headless Chromium against a real server: labels defined once, a queue
of a task's failed items (10 of them) walked with the keyboard (a number key gives a value, → goes on) signed
with the name the browser set once; a second reviewer; every annotation kept on the trace page;
the explorer's column and the search by label, value and author; CSV export imported back through
the page; agreement between reviewers and with the evaluators on the analysis page."""
from __future__ import annotations

import httpx
import pytest

from tests.dashboard.conftest import Watched
from tests.dashboard.traffic import API_KEY, TASK

pytestmark = pytest.mark.timeout(600)
WALKED = 10


def define(page, name: str, kind: str, **fields: str) -> None:
    page.fill("#label-form input[name=name]", name)
    page.select_option("#label-form select[name=kind]", kind)
    for field, value in fields.items():
        page.fill(f"#label-form input[name={field}]", value)
    with page.expect_navigation():
        page.click("#define-label")
    assert page.locator(f"table.labels tr[data-label={name}]").count() == 1, page.inner_text("body")[:300]


def walk(page, queue_url: str, keys: list[str]) -> list[str]:
    """Give one value per item by its key and go on with →; the traces walked."""
    page.goto(queue_url + "?i=1")
    walked = []
    for i, key in enumerate(keys):
        walked.append(page.get_attribute("#queue", "data-trace"))
        page.keyboard.press(key)
        page.wait_for_function("() => document.getElementById('queue').dataset.saving === 'false'")
        assert page.inner_text("#save-state").startswith("saved correctness"), page.inner_text("#save-state")
        assert page.locator("#item-done").is_visible()
        if i + 1 < len(keys):
            with page.expect_navigation():
                page.keyboard.press("ArrowRight")
            assert page.inner_text("#position") == str(i + 2)
    return walked


def test_labels_queue_by_keyboard_history_search_files_and_agreement(session, browser, tmp_path):
    srv, w = session
    page = w.page
    w.errors.clear()
    page.goto(srv.api + "/dashboard/annotate")
    page.fill("#reviewer-form input[name=name]", "ana")
    with page.expect_navigation():
        page.click("#reviewer-form button")
    assert page.inner_text("#reviewer-name") == "ana"
    define(page, "correctness", "categorical", values="right, partly, wrong")
    define(page, "helpfulness", "score", min="1", max="5")
    page.fill("#label-form input[name=name]", "tone")
    page.select_option("#label-form select[name=kind]", "categorical")
    page.fill("#label-form input[name=values]", "only-one")
    with page.expect_navigation():
        page.click("#define-label")
    assert "takes 2 to 20 values" in page.inner_text("#annotate-message")

    # a queue of the task's failed items
    page.fill("#queue-form input[name=name]", "patrol-failed")
    page.select_option("#queue-form select[name=task]", TASK)
    page.check("#queue-form input[name=rule][value=failed]")
    with page.expect_navigation():
        page.click("#make-queue")
    queue_url = page.url.split("?")[0]
    assert queue_url.endswith("/dashboard/annotate/queues/patrol-failed")
    count = int(page.get_attribute("#queue", "data-count"))
    failed: dict[str, str] = {}
    for run in srv.get(f"/api/tasks/{TASK}/runs").json():  # newest first: each trace as its newest run judged it
        for item in srv.get(f"/api/runs/{run['run_id']}/items").json()["items"]:
            failed.setdefault(item["trace_id"], item["verdict"])
    failed = {t for t, verdict in failed.items() if verdict == "failed"}
    assert count == len(failed) >= WALKED

    walked = walk(page, queue_url, ["1"] * WALKED)  # 1: right
    assert set(walked) <= failed and len(set(walked)) == WALKED
    page.goto(srv.api + "/dashboard/annotate")
    assert page.inner_text("tr[data-queue=patrol-failed] td:nth-child(5)") == str(WALKED)
    page.goto(queue_url)  # opens where ana stopped
    assert page.inner_text("#position") == str(WALKED + 1)
    for trace_id in walked:
        history = srv.get(f"/api/traces/{trace_id}/annotations/history").json()
        labelled = [(a["author"], a["name"], a["value"]) for a in history if a["name"]]  # other tests set statuses
        assert labelled == [("ana", "correctness", "right")]

    # a second reviewer disagrees on three of them
    other = browser.new_context(viewport={"width": 390, "height": 900},
                                extra_http_headers={"Authorization": f"Bearer {API_KEY}"})
    try:
        bo = Watched(other)
        bo.page.goto(queue_url)
        bo.page.fill("#reviewer-form input[name=name]", "bo")
        with bo.page.expect_navigation():
            bo.page.click("#reviewer-form button")
        assert walk(bo.page, queue_url, ["1", "3", "3"]) == walked[:3]
        assert bo.page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert not bo.errors, bo.errors
    finally:
        other.close()

    # every annotation of a trace is kept and shown; a status and a label from the trace page
    page.goto(srv.api + f"/dashboard/traces/{walked[1]}")
    assert page.inner_text("#signed-as") == "ana"
    page.fill("#annotate-form input[name=status]", "flagged")
    page.fill("#annotate-form input[name='label:helpfulness']", "2")
    page.fill("#annotate-form textarea[name=note]", "wrong currency, 'twice' <again> & 西安")
    with page.expect_navigation():
        page.click("#annotate")
    page.click("#annotation-history summary")
    history = page.inner_text("#annotation-history")
    for said in ("ana: status flagged", "ana: helpfulness = 2", "bo: correctness = wrong", "ana: correctness = right",
                 "wrong currency, 'twice' <again> & 西安"):
        assert said in history, (said, history)
    assert "correctness: wrong" in page.inner_text("#label-values") and "helpfulness: 2" in page.inner_text("#label-values")

    # found again: the explorer's column, and the search by label, value and author
    page.goto(srv.api + "/dashboard/traces?annotation=flagged")
    row = page.locator(f"tr[data-trace='{walked[1]}'] td.labelled")
    assert {"correctness: right", "correctness: wrong", "helpfulness: 2"} <= set(row.locator(".badge").all_inner_texts())
    page.goto(srv.api + "/dashboard/annotations?name=correctness&value=wrong&author=bo")
    assert set(page.locator("#found tr[data-trace]").evaluate_all("rs => rs.map(r => r.dataset.trace)")) == set(walked[1:3])

    # CSV out, and back in through the page
    exported = httpx.get(srv.api + "/dashboard/annotations.csv", headers=srv.headers(), timeout=30)
    assert exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
    lines = exported.text.splitlines()
    assert lines[0] == "trace_id,status,label,note,author,name,value,created_at"
    assert sum(",ana,correctness,right," in line for line in lines) == WALKED
    path = tmp_path / "annotations.csv"
    path.write_text(exported.text, encoding="utf-8")
    page.goto(srv.api + "/dashboard/annotate")
    page.set_input_files("#import-file", str(path))
    page.wait_for_function("() => document.getElementById('import-result').textContent.startsWith('imported')")
    assert page.inner_text("#import-result") == f"imported {len(lines) - 1} annotation(s) from annotations.csv"
    bad = tmp_path / "bad.csv"
    bad.write_text("trace_id,name,value\nx,correctness,maybe\n", encoding="utf-8")
    page.set_input_files("#import-file", str(bad))
    page.wait_for_function("() => document.getElementById('import-result').className === 'error'")
    assert "correctness: 'maybe' is not one of right, partly, wrong" in page.inner_text("#import-result")
    w.errors.clear()  # that 422 was asked for

    # agreement: ana and bo agree on one of three; each against every evaluator of the task
    page.goto(srv.api + f"/dashboard/analysis?task={TASK}")
    rows = page.locator("table.agreement tr[data-label=correctness]").evaluate_all(
        "rs => rs.map(r => [...r.cells].map(c => c.innerText))")
    pairs = {r[1]: r for r in rows}
    assert pairs["reviewers ana and bo"][2:4] == ["3", "33.3%"]
    evaluator_rows = [r for r in rows if r[1].startswith("reviewers and evaluator ")]
    assert evaluator_rows and all(int(r[2]) == WALKED + 3 for r in evaluator_rows)
    assert not w.errors, w.errors
