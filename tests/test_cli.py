"""Command-line behaviour that needs no server: invalid settings stop start-up with a message."""
from __future__ import annotations

import subprocess

from tracepatrol.harness.process import make_server, tracepatrol


def run(*args, env=None):
    return subprocess.run(tracepatrol(*args), capture_output=True, text=True, timeout=60, env=env)


def test_invalid_flag_value_names_the_setting(tmp_path):
    res = run("serve", "--db", str(tmp_path / "x.duckdb"), "--decision-wait", "-3")
    assert res.returncode == 2
    assert "collector.decision_wait" in res.stderr and "greater than 0" in res.stderr


def test_unknown_key_in_config_file_names_it(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("collector:\n  htttp_port: 1\n")
    res = run("serve", "--config", str(cfg))
    assert res.returncode == 2
    assert "collector.htttp_port" in res.stderr and "Extra inputs are not permitted" in res.stderr


def test_invalid_environment_variable_names_it(tmp_path):
    import os

    env = {**os.environ, "TRACEPATROL_API_PORT": "99999"}
    res = run("serve", "--db", str(tmp_path / "x.duckdb"), env=env)
    assert res.returncode == 2
    assert "api_port" in res.stderr and "65535" in res.stderr


def test_missing_config_file(tmp_path):
    res = run("serve", "--config", str(tmp_path / "nope.yaml"))
    assert res.returncode == 2 and "does not exist" in res.stderr


def test_cli_reports_an_unreachable_server():
    res = run("traces", "list", "--api", "http://127.0.0.1:9")
    assert res.returncode == 1 and "cannot reach" in res.stderr


def test_a_second_server_on_the_same_file_is_refused_with_a_message(tmp_path):
    first = make_server(tmp_path).start()
    try:
        res = run("serve", "--db", str(first.db), "--otlp-http-port", "0", "--otlp-grpc-port", "0", "--api-port", "0")
        assert res.returncode == 1
        assert "cannot start" in res.stderr and "lock" in res.stderr.lower()
    finally:
        first.stop()


def test_task_file_with_a_yaml_bomb_is_refused_with_exit_2(tmp_path):
    from tests.scheduler.test_task_input import BOMB

    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(BOMB)
    for command in ("create", "preview"):
        res = run("task", command, "--file", str(bomb), "--api", "http://127.0.0.1:9")
        assert res.returncode == 2, res.stderr
        assert "aliases (*name) are not allowed" in res.stderr and "Traceback" not in res.stderr
    deep = tmp_path / "deep.yaml"
    deep.write_text("options: " + "[" * 5000 + "]" * 5000 + "\n")
    res = run("task", "create", "--file", str(deep), "--api", "http://127.0.0.1:9")
    assert res.returncode == 2 and "nests deeper than 32 levels" in res.stderr
