"""A Dask bag over WARC files (#15 item 4), on a real LocalCluster with worker processes."""

from __future__ import annotations

import pytest

pytest.importorskip("warcio")
distributed = pytest.importorskip("dask.distributed")

from extractor.dask_bag import extract_bag, extract_partition  # noqa: E402
from tests.test_warc import pages, write_warc  # noqa: E402


def _model_loads() -> int:
    from extractor.auto.pagetype import _load_model

    return _load_model.cache_info().misses


def test_extract_bag_on_a_local_cluster_of_processes(tmp_path):
    paths = []
    for k in range(3):
        path = tmp_path / f"crawl-{k}.warc.gz"
        write_warc(path, pages(4, start=4 * k))
        paths.append(str(path))
    bag = extract_bag(paths)
    assert bag.npartitions == 3
    with distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as client:
        results = bag.compute()
        loads = client.run(_model_loads)
    assert [r["title"] for r in results] == [f"Page {i}" for i in range(12)]
    assert all(r["page_type"] and r["details"]["warc_record_id"].startswith("<urn:uuid:") for r in results)
    assert [r["source"] for r in results] == [p for p in paths for _ in range(4)]
    assert all("text" not in b for r in results for b in r["blocks"])  # compact dicts
    assert len(loads) == 2 and all(n <= 1 for n in loads.values())  # the model is read once per worker


def test_extract_partition_is_the_spark_face(tmp_path):
    path = tmp_path / "a.warc.gz"
    write_warc(path, pages(2))
    rows = list(extract_partition(iter([str(path)]), method="decay", blocks=True))
    assert [r["title"] for r in rows] == ["Page 0", "Page 1"] and rows[0]["blocks"][0]["text"]
