"""What the Python benchmarks share: the machine's name and ISA (every
benchmark names the CPU it ran on) and a median-of-rounds timer."""

from __future__ import annotations

import os
import platform
import statistics
import time


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def isa() -> str:
    try:
        flags = open("/proc/cpuinfo").read()
    except OSError:
        return "?"
    if " amx_tile" in flags:
        return "AVX-512 + AMX"
    if " avx512f" in flags:
        return "AVX-512"
    if " avx2" in flags:
        return "AVX2"
    return "SSE"


def timeit(fn, rounds: int = 5, inner: int = 10) -> float:
    """Median seconds per call over ``rounds`` rounds of ``inner`` calls."""
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - t) / inner)
    return statistics.median(times)


def static_dynamic_header(case: str) -> str:
    """The machine line and the markdown header of a static_dynamic_row table."""
    return (f"machine: {os.cpu_count()} cores, {cpu_name()} ({isa()}); one run, "
            "medians of 5 interleaved rounds\n"
            f"| {case} | static ms | dynamic ms | dynamic / static |\n"
            "| --- | --- | --- | --- |")


def static_dynamic_row(name: str, static, dynamic, rounds: int = 5) -> str:
    """A markdown row: ``static``'s and ``dynamic``'s medians in ms over
    ``rounds`` interleaved rounds (each ``timeit(fn, 3, 10)``), and their
    ratio: the same program compiled over static and over dynamic sizes."""
    times = {"static": [], "dynamic": []}
    for _ in range(rounds):
        times["static"].append(timeit(static, 3, 10))
        times["dynamic"].append(timeit(dynamic, 3, 10))
    s, d = (statistics.median(times[which]) * 1e3 for which in ("static", "dynamic"))
    return f"| {name} | {s:.3f} | {d:.3f} | {d / s:.1f}x |"


def inductor_row(name: str, meld_ms: float, inductor_ms: float, eager_ms: float,
                 digits: int = 3) -> str:
    """A markdown row: the case, Meld's, Inductor's and eager's times, and
    Meld's speed over Inductor's."""
    return (f"| {name} | {meld_ms:.{digits}f} | {inductor_ms:.{digits}f} | "
            f"{eager_ms:.{digits}f} | {inductor_ms / meld_ms:.2f}x |")
