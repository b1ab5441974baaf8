"""Ctrl-C reaches the whole process group, the table's worker processes with it: a worker must
live through an interrupt that lands while it is still starting, and ``serve`` interrupted at
any moment of its start-up must stop quietly instead of failing or hanging."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import socket
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("fastapi")

from mahjongkit.web.workers import Workers
from tests.helpers.processes import start_command


def test_a_worker_interrupted_while_it_starts_lives_on_and_answers():
    workers = Workers(1)

    async def interrupt_until_answered() -> tuple[int, int]:
        answer = asyncio.ensure_future(workers.run(0, os.getpid))
        interrupts = 0
        deadline = time.monotonic() + 120
        while not answer.done() and time.monotonic() < deadline:
            # From the moment the worker exists: mostly while it is still importing.
            for child in multiprocessing.active_children():
                os.kill(child.pid, signal.SIGINT)
                interrupts += 1
            await asyncio.sleep(0.005)
        return await answer, interrupts

    try:
        # A thread of its own: an earlier test's event loop may still be set on this one.
        with ThreadPoolExecutor(1) as thread:
            worker, interrupts = thread.submit(asyncio.run, interrupt_until_answered()).result()
    finally:
        workers.close()
    assert interrupts > 0
    assert worker != os.getpid()


@pytest.mark.parametrize("after", [0.0, 0.4, 1.2])
def test_serve_interrupted_while_it_starts_stops_quietly(tmp_path, after):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = start_command(
        "serve", "--port", str(port), "--db", str(tmp_path / "progress.sqlite3")
    )
    try:
        assert server.stdout is not None
        server.stdout.readline()  # the address: its workers are starting from now on
        time.sleep(after)
    finally:
        os.killpg(server.pid, signal.SIGINT)  # as a terminal's Ctrl-C: every process of it
        try:
            _, said = server.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            raise
    errors = said.decode()
    assert "Traceback" not in errors
    assert "startup failed" not in errors
    assert server.returncode in (0, 130)
