"""The games of a plan as Ray tasks, on a local instance or a cluster."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Collection, Generator, Iterator, Sequence
from typing import Any

from mahjongkit.bots.seating import SimulationError, _refusal
from mahjongkit.sim.plan import Plan, Played
from mahjongkit.sim.pool import _Keeper, _prepare, chunks
from mahjongkit.sim.sinks import Storage
from mahjongkit.valueclass import replace

__all__ = ["RAY_CONNECT_SECONDS", "check_ray", "ray_cluster", "run_ray"]


RAY_CONNECT_SECONDS = 10.0
"""How long ``--ray ADDRESS`` waits for the cluster to answer before giving up."""


_RAY_DEFAULT_PORTS = {"ray://": 10001, "": 6379}
"""The port Ray listens on when an address names none: the client server, the head's GCS."""


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SimulationError(_refusal("refusal.sim_ray_missing")) from None
    return ray


def _ray_endpoint(address: str) -> tuple[str, int]:
    """The host and port of a Ray address (``HOST[:PORT]`` or ``ray://HOST[:PORT]``)."""
    scheme = "ray://" if address.startswith("ray://") else ""
    rest = address[len(scheme) :]
    host, colon, port = rest.rpartition(":")
    if not colon:
        host, port = rest, str(_RAY_DEFAULT_PORTS[scheme])
    host = host.strip("[]")
    if not host or "/" in host or not port.isdigit() or not 0 < int(port) < 65536:
        raise SimulationError(_refusal("refusal.sim_ray_address", address=repr(address[:60])))
    return host, int(port)


def _check_reachable(address: str, timeout: float) -> None:
    """Refuse an address nothing listens at, within ``timeout`` seconds (Ray itself would retry
    for minutes)."""
    import socket

    host, port = _ray_endpoint(address)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as error:
        reason = (
            _refusal("refusal.sim_ray_timeout")
            if isinstance(error, TimeoutError)
            else (error.strerror or str(error) or type(error).__name__)
        )
        raise SimulationError(
            _refusal(
                "refusal.sim_ray_unreachable",
                address=address,
                host=host,
                port=port,
                reason=reason,
            )
        ) from None


def check_ray(address: str | None, timeout: float = RAY_CONNECT_SECONDS) -> None:
    """Refuse at once a ``--ray`` that cannot work: Ray not installed, an address malformed or
    that nothing answers at."""
    _import_ray()
    if address is not None and address != "auto":
        _check_reachable(address, timeout)


@contextlib.contextmanager
def _quiet_connect(timeout: float | None) -> Iterator[list[str]]:
    """Ray's connection attempts bounded to about ``timeout`` seconds if given (a port that
    answers but is no Ray head is otherwise retried for a long while), and the warnings its C++
    core writes to the standard error meanwhile kept back: a failure is told in one line. Yields
    a list that gets the last warning, if any, once the block is left."""
    wait = "RAY_gcs_server_port_wait_time_s"
    before = os.environ.get(wait)
    if before is None and timeout is not None:
        os.environ[wait] = str(max(1, round(timeout)))
    import tempfile

    try:
        with tempfile.TemporaryFile() as kept:
            saved = os.dup(2)
            os.dup2(kept.fileno(), 2)
            said: list[str] = []
            try:
                yield said
            finally:
                os.dup2(saved, 2)
                os.close(saved)
                kept.seek(0)
                lines = kept.read()[-4000:].decode(errors="replace").splitlines()
                # "[time W pid tid] file.cc:210: message": the message is the part worth telling.
                said.extend(line.split("] ", 1)[-1].split(": ", 1)[-1] for line in lines[-1:])
    finally:
        if before is None:
            os.environ.pop(wait, None)  # only what was set here


@contextlib.contextmanager
def ray_cluster(
    address: str | None = None, cpus: int | None = None, timeout: float = RAY_CONNECT_SECONDS
) -> Iterator[int]:
    """Connected to Ray for the block; yields the cluster's CPU count.

    ``address`` None starts a local instance (``cpus`` CPUs, default every core) and stops it
    after; an address (``HOST:PORT``, ``ray://HOST:PORT``, ``auto``) joins that cluster, shipping
    this very mahjongkit to its workers so that they play the same games as this process. If this
    process is already connected (``ray.init`` called by a program using this module), that
    connection is used and left open.
    """
    ray = _import_ray()
    if ray.is_initialized():
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
        return
    import logging

    options: dict[str, Any] = {
        "logging_level": logging.ERROR,
        "log_to_driver": False,
        "include_dashboard": False,
    }
    if address is None:
        # "local": a new instance even where RAY_ADDRESS names a cluster (--ray auto joins it).
        options.update(address="local", num_cpus=cpus)
    else:
        if address != "auto":
            _check_reachable(address, timeout)
        import mahjongkit

        options["address"] = address
        options["runtime_env"] = {"py_modules": [os.path.dirname(mahjongkit.__file__)]}
        del options["include_dashboard"]
    try:
        with _quiet_connect(None if address is None else timeout) as said:
            ray.init(**options)
    except (ConnectionError, RuntimeError, ValueError) as error:
        why = f"{error}" + (f" ({said[-1]})" if said else "")
        if address is None:
            raise SimulationError(_refusal("refusal.sim_ray_local", why=why)) from None
        raise SimulationError(_refusal("refusal.sim_ray_join", address=address, why=why)) from None
    try:
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
    finally:
        ray.shutdown()


def _play_batch(plan: Plan, indices: Sequence[int], storage: Storage | None = None) -> list[Played]:
    """The games ``indices`` of ``plan``, played one after another and kept as ``storage``
    says (a Ray task's work: never a records connection, the database may be elsewhere)."""
    _prepare(plan.variant)  # once per Ray worker process: later tasks find them read
    keeper = _Keeper(plan, replace(storage or Storage(), records=None))
    return [keeper(index) for index in indices]


def run_ray(
    plan: Plan,
    concurrency: int,
    skip: Collection[int] = (),
    batch: int | None = None,
    storage: Storage | None = None,
) -> Generator[Played, None, None]:
    """The games of ``plan`` but those of ``skip``, in index order, played as Ray tasks on the
    cluster this process is connected to (see :func:`ray_cluster`); ``storage``: what the tasks
    make of each game (its JSON line or its packed log: see :class:`Storage`).

    Games go in batches of ``batch`` (default: the guided sizes of :func:`chunks`, at most
    :data:`MAX_BATCH`, the last ones single games); at most twice ``concurrency`` batches are
    pending or waiting for their turn at once, so however long the run, at most
    ``2 * concurrency`` times the largest batch games are held. Closing the generator (an
    interruption) cancels the tasks still running.
    """
    ray = _import_ray()
    if type(concurrency) is not int or concurrency < 1:
        raise SimulationError(
            f"--jobs is the number of games at once, at least 1, not {concurrency!r:.20}"
        )
    indices = [i for i in range(plan.games) if i not in skip]
    if batch is None:
        batches = chunks(indices, concurrency)  # guided, as on a pool: single games last
    else:
        batches = [indices[at : at + batch] for at in range(0, len(indices), batch)]
    task = ray.remote(num_cpus=1, max_retries=2)(_play_batch)
    shared = ray.put(plan)
    kept = ray.put(storage)
    limit = 2 * concurrency
    pending: dict[Any, int] = {}
    ready: dict[int, list[Played]] = {}
    submitted = turn = 0
    try:
        while turn < len(batches):
            while submitted < len(batches) and len(pending) + len(ready) < limit:
                pending[task.remote(shared, batches[submitted], kept)] = submitted
                submitted += 1
            if turn not in ready:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    ready[pending.pop(ref)] = ray.get(ref)
                continue
            yield from ready.pop(turn)
            turn += 1
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
