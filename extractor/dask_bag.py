"""WARC files on a cluster: :func:`extract_bag`, a Dask bag of result dicts (the optional extra ``dask``).

One partition per WARC file: a worker reads its file record by record and extracts each HTML
response with :func:`extractor.warc.extract_record`, so only one record is in memory at a time
besides the partition's result dicts. The model files (page-type classifier, route table, CRF)
are read lazily and cached per process, so each worker process loads them once, on its first
page. The scheduler is whatever Dask uses where ``compute`` is called: a
``dask.distributed.Client`` (a cluster, or a ``LocalCluster`` with worker processes) or Dask's
own local schedulers.

:func:`extract_partition` is the same work without Dask: it takes WARC paths and yields
dicts, which is what Spark's ``rdd.mapPartitions`` wants (README, "At scale").
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any


def extract_partition(warc_paths: Iterable[str | os.PathLike], *, blocks: bool = False,
                      **options: Any) -> Iterator[dict[str, Any]]:
    """Result dicts (:meth:`Result.to_dict`) of every HTML response of these WARC files, in order.

    ``options`` are those of :func:`extractor.extract`; ``blocks=True`` keeps each block's text.
    A record that cannot be read or extracted gives an empty result dict whose ``reason`` names
    the error, and the rest of the file still comes out; so does a file that cannot be opened (one
    dict for it), and the other files are read. Raises :class:`OptionError` for bad options.
    """
    from .errors import FetchError
    from .result import failed_result
    from .warc import extract_warc

    for path in map(os.fspath, warc_paths):  # extract_warc checks the options before it reads a file
        try:
            for result in extract_warc(path, **options):
                yield result.to_dict(blocks=blocks)
        except FetchError as exc:  # a missing or unreadable file: the partition's other files still come out
            yield failed_result(path, "FetchError", f"FetchError: {exc}").to_dict(blocks=blocks)


def _partition(paths: list[str], blocks: bool, options: dict[str, Any]) -> list[dict[str, Any]]:
    return list(extract_partition(paths, blocks=blocks, **options))


def extract_bag(warc_paths: Iterable[str | os.PathLike], *, blocks: bool = False, **options: Any) -> Any:
    """A ``dask.bag.Bag`` of the result dicts of every HTML response of ``warc_paths``, one partition per file.

    Nothing runs until the bag is computed (``.compute()``, ``.to_textfiles()``, ``.to_dataframe()``).
    The paths must be readable where the workers run. Raises :class:`OptionError` for a bad
    method or option here, before anything is scheduled; ImportError without Dask.
    """
    import dask.bag as db

    from .api import check_extract_options
    from .warc import _archive_iterator

    check_extract_options(options)
    _archive_iterator()
    paths = [os.fspath(p) for p in warc_paths]
    if not paths:
        return db.from_sequence([], npartitions=1)
    return db.from_sequence(paths, npartitions=len(paths)).map_partitions(_partition, blocks, options)
