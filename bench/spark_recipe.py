"""The README's Spark recipe, run once locally (not a test: pyspark is not a dependency).

Writes two small WARCs of generated pages under /tmp/spark, runs ``extract_partition`` in
``mapPartitions`` on a local Spark, writes Parquet and reads it back.
Usage: ``pip install pyspark`` (needs Java), then ``python bench/spark_recipe.py``.
"""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor.dask_bag import extract_partition  # noqa: E402
from tests.test_warc import pages, write_warc  # noqa: E402

OUT = pathlib.Path("/tmp/spark")


def main() -> None:
    from pyspark.sql import SparkSession

    OUT.mkdir(exist_ok=True)
    paths = [str(OUT / "part-0.warc.gz"), str(OUT / "part-1.warc.gz")]  # paths every executor can read
    write_warc(paths[0], pages(20, 0))
    write_warc(paths[1], pages(20, 20))
    spark = SparkSession.builder.master("local[2]").appName("pagesight").getOrCreate()
    rdd = spark.sparkContext.parallelize(paths, numSlices=len(paths))  # one task per WARC
    rows = rdd.mapPartitions(lambda it: extract_partition(it, method="auto"))
    rows.map(lambda d: (d["url"], d["title"], d["text"])).toDF(["url", "title", "text"]) \
        .write.mode("overwrite").parquet(str(OUT / "out"))
    back = spark.read.parquet(str(OUT / "out"))
    print("rows:", back.count())
    back.orderBy("url").show(3, truncate=50)
    spark.stop()


if __name__ == "__main__":
    main()
