#!/usr/bin/env python3
"""Turn one benchmark run into the tables of docs/performance.md.

  build/bench/meld-bench-codegen --benchmark_repetitions=3 \
      --benchmark_report_aggregates_only=true --benchmark_min_time=0.5 \
      --benchmark_format=json --benchmark_out=meld.json
  bench/.venv-peers/bin/python bench/peers/peers.py --out peers.json
  python3 bench/report.py meld.json peers.json

Uses the median of the repetitions; every ratio is between numbers of the
same run on the same machine.
"""

import json
import sys


def medians(path):
    out = {}
    for b in json.load(open(path))["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        kind, model = b["name"].split("/")[:2]
        out[(kind, model)] = b
    return out


def peer_times(path):
    data = json.load(open(path))
    times = {}
    for model, by_peer in data.get("results", {}).items():
        for peer, r in by_peer.items():
            if r.get("ok") and "median_ms" in r:
                times[(model, peer)] = r["median_ms"]
    return times


def main():
    meld = medians(sys.argv[1])
    peers = peer_times(sys.argv[2]) if len(sys.argv) > 2 else {}
    models = sorted({m for (_, m) in meld})
    print("| model | fused ms | unfused ms | fused speedup | compile ms "
          "(fused) | into preallocated outputs ms | GB/s | paired memcpy ms | "
          "% of memcpy |")
    print("| --- " * 9 + "|")
    for m in models:
        f, u = meld[("fused", m)], meld[("unfused", m)]
        row = (f"| {m} | {f['real_time']:.2f} | {u['real_time']:.2f} | "
               f"{u['real_time'] / f['real_time']:.2f}x | "
               f"{f['compile_ms']:.0f} |")
        bw = meld.get(("bandwidth", m))
        if bw:
            # pct_of_memcpy: median over iterations of the paired ratio.
            row += (f" {bw['real_time']:.2f} | "
                    f"{bw['bytes_per_second'] / 1e9:.2f} | "
                    f"{bw['memcpy_ms']:.2f} | {bw['pct_of_memcpy']:.0f}% |")
        else:
            row += " n/a | n/a | n/a | n/a |"
        print(row)
    for m in models:
        blas = meld.get(("openblas+epilogue", m))
        if not blas:
            continue
        f = meld[("fused", m)]
        print(f"\nGEMM+epilogue ({m}): Meld {f['real_time']:.2f} ms, OpenBLAS "
              f"sgemm + epilogue {blas['real_time']:.2f} ms "
              f"({blas['GFLOPS'] / 1e9:.1f} GFLOP/s): Meld at "
              f"{blas['real_time'] / f['real_time']:.2f}x OpenBLAS's speed; "
              f"max |difference| {blas['max_abs_diff_vs_meld']:.2e}")
    if peers:
        names = ["torch", "jax", "iree"]
        print("\n| model | Meld ms | " + " | ".join(f"{p} ms" for p in names) +
              " | " + " | ".join(f"Meld vs {p}" for p in names) + " |")
        print("| --- " * (2 + 2 * len(names)) + "|")
        for m in models:
            t = meld[("fused", m)]["real_time"]
            cells = [f"{peers[(m, p)]:.2f}" if (m, p) in peers else "n/a"
                     for p in names]
            ratios = [f"{peers[(m, p)] / t:.2f}x" if (m, p) in peers else "n/a"
                      for p in names]
            print(f"| {m} | {t:.2f} | " + " | ".join(cells) + " | " +
                  " | ".join(ratios) + " |")


if __name__ == "__main__":
    main()
