"""A study on a Dask cluster (``simulate --cluster tcp://HOST:8786``, or ``--cluster local``).

The games are the same as on local processes: each task plays a few tables with
``balance.play_game`` in a worker that loaded the ruleset once (by name and content paths, which
must be there on every worker, and whose hash must match the one the study started with). Results
come back as games finish, in any order; they are counted in seed order, so a study on a cluster
gives the same rows as on one core. The scheduler retries a task whose worker died on another worker
(and gives up after a few deaths: ``KilledWorker``); what finished is already in the report folder.
"""
from __future__ import annotations

from ..balance import GameFailed

_LOADED: dict = {}  # in a worker: (ruleset name, content paths) -> ruleset


class ClusterError(RuntimeError):
    """The cluster cannot be reached, or lost the study (a worker died too often)."""


def _play_on_worker(name: str, content: list, content_hash: str, plan: list) -> list[dict]:
    from ..balance import _init_worker, _play_tables, _WORKER

    key = (name, tuple(str(p) for p in content))
    if key not in _LOADED:
        from ..engine.ruleset import load_ruleset

        _LOADED[key] = load_ruleset(name, content)
    _init_worker(name, content, ruleset=_LOADED[key])
    return _play_tables(plan, content_hash) if _WORKER else []


def connect(address: str, workers: int):
    """A Dask client: to a LocalCluster of ``workers`` processes for ``local``, else to a scheduler."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("--cluster needs Dask: pip install 'trian-script[lab]'") from None
    if address == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        return Client(cluster)
    try:
        return Client(address, timeout="5s")
    except (OSError, TimeoutError) as err:
        raise ClusterError(f"--cluster {address}: no scheduler answers there ({err}); start one with "
                           "'dask scheduler' and workers with 'dask worker ADDRESS'") from None


def simulate_on(client, ruleset, plan: list, *, content=(), on_result=None, bar=None) -> list[dict]:
    """Play ``plan`` on the cluster; each result is given to ``on_result`` as it comes back."""
    from dask.distributed import as_completed

    chunk = max(1, min(8, len(plan) // (16 * max(1, len(client.scheduler_info().get("workers", {})) or 1))))
    batches = [plan[i:i + chunk] for i in range(0, len(plan), chunk)]
    futures = [client.submit(_play_on_worker, ruleset.name, [str(p) for p in content], ruleset.hash, batch,
                             pure=False) for batch in batches]
    results: list[dict] = []
    task = bar.add_task("games", total=len(plan)) if bar is not None else None
    try:
        for future in as_completed(futures):
            try:
                batch = future.result()
            except GameFailed:
                raise
            except Exception as err:  # KilledWorker, a lost scheduler, a communication error
                raise ClusterError(f"the cluster lost the study: {type(err).__name__}: {err}") from None
            for result in batch:
                results.append(result)
                if on_result is not None:
                    on_result(result)
            if bar is not None:
                bar.advance(task, len(batch))
    finally:
        for future in futures:
            future.cancel()
    return sorted(results, key=lambda r: r["seed"])
