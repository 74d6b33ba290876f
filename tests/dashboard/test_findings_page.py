"""Each label on its own step, with its own reason, in headless Chromium against a real server: a
trace with an ungrounded call 1 and relative dates on calls 2-4 (sent over OTLP, judged by a
`grounding` task) shows on the trace page a badge per step saying what the API's findings say for
that step, each with its own reason on hover and when expanded; the analysis page's and the
report's failure modes quote each label's own reasons, never the other label's."""
from __future__ import annotations

import httpx
import pytest

from tests import findings_traffic
from tests.dashboard.conftest import Watched
from tests.dashboard.test_pages import visit

pytestmark = pytest.mark.timeout(240)
TASK = "booking"


def _cluster_reasons(page) -> dict[str, list[str]]:
    return dict(page.locator("table.clusters tr[data-label]").evaluate_all(
        "rows => rows.map(r => [r.dataset.label, [...r.querySelectorAll('.reason')].map(e => e.textContent)])"))


def test_badges_per_step_and_each_label_with_its_own_reasons(server, browser):
    sent = findings_traffic.send(server.otlp_http)
    server.wait_for_trace(sent.trace_id)
    findings_traffic.run_grounding(server.api, task=TASK)
    [result] = server.get(f"/api/traces/{sent.trace_id}/evaluations").json()
    per_step = {f["call"]: f for f in result["findings"]}
    assert sorted((c, f["label"]) for c, f in per_step.items()) == findings_traffic.EXPECTED
    own = {label: sorted(f["reason"] for f in per_step.values() if f["label"] == label)
           for label in ("ungrounded_value", "relative_date")}

    context = browser.new_context(viewport={"width": 1200, "height": 800})
    try:
        w = Watched(context)
        page = visit(w, server.api + f"/dashboard/traces/{sent.trace_id}")
        for seq, finding in per_step.items():
            step = page.locator(f".step.tool[data-seq='{seq}']")
            badges = step.locator(".badge.finding")
            assert badges.all_inner_texts() == [f"grounding: {finding['label']}"], seq
            assert badges.first.get_attribute("title") == finding["reason"]  # on hover
            step.locator("details.findings summary").click()
            assert step.locator("details.findings .reason").all_inner_texts() == [finding["reason"]]  # expanded
            assert step.locator("details.findings .reason").first.is_visible()
        assert page.locator(".step.offending").count() == len(per_step)
        assert page.locator("#trace-findings").count() == 0  # nothing about the whole trace

        page = visit(w, server.api + f"/dashboard/analysis?task={TASK}")
        assert _cluster_reasons(page) == own
        steps = page.locator("table.clusters tr[data-label='relative_date'] td.steps").inner_text()
        assert steps == "step 2 (1) · step 3 (1) · step 4 (1)"

        page = visit(w, server.api + f"/dashboard/report?task={TASK}")
        assert _cluster_reasons(page) == own
    finally:
        context.close()

    md = httpx.get(server.api + "/api/report", params={"task": TASK, "format": "md"}, timeout=60).text
    rows = {line.split(" | ")[1]: line for line in md.splitlines() if line.startswith("| grounding | ")}
    for label, reasons in own.items():
        other = next(r for other, rs in own.items() if other != label for r in rs)
        quoted = rows[label].replace("\\", "")
        assert all(r in quoted for r in reasons) and other not in quoted, rows[label]
