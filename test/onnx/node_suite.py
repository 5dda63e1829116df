#!/usr/bin/env python3
"""Runs ONNX's backend node test suite through Meld.

Every case of ``onnx.backend.test.case.node.collect_testcases`` (the suite
shipped in the onnx wheel) is imported with meld.onnx, compiled for the host
and run on the case's inputs; its outputs are compared with the suite's
expected outputs with the case's own tolerances (as onnx's backend runner
does). Each case ends in one of:

  pass         every output matches
  unsupported  the importer said which node, op, attribute or dtype Meld
               does not support (OnnxUnsupported) -- an explicit refusal
  wrong        Meld compiled and ran it, and an output differs: a bug
  error        anything else (an importer exception, a compile or run
               error): a bug, reported with its message

Cases run in worker processes (``--jobs``), a chunk each, so that a crash
or a hang costs one case, not the run: a worker that dies has its cases
retried one by one, and a case that still kills its process or exceeds
``--timeout`` is reported as ``error``.

    node_suite.py --check               # every case, held to the floor
    node_suite.py --slice ci --check    # the CI slice (ci_slice), its floor
    node_suite.py --json out.json --markdown table.md
    node_suite.py -k softmax -v         # cases whose name contains "softmax"

``--check`` exits 1 when a case is wrong or an error that
test/onnx/known-errors.txt does not list, or when fewer cases pass than the
committed floor (test/onnx/floor.txt for every case, ci-floor.txt for the
CI slice). test/python/test_onnx.py runs the CI slice so; the whole suite
(4-10 minutes on 2 cores) is this script's.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))


def _collect():
    from onnx.backend.test.case.node import collect_testcases

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import numpy as np

        with np.errstate(all="ignore"):
            return {c.name: c for c in collect_testcases("") if c.kind == "node"}


def op_of(case) -> str:
    """The op a case tests: its name's op (test_<op>_...), matched against
    the graph's op types; expanded variants count for the op they expand."""
    types = [n.op_type for n in case.model.graph.node]
    name = case.name[len("test_"):]
    import onnx.defs

    best = None
    for t in set(types) | _all_ops():
        low = _snake(t)
        if name == low or name.startswith(low + "_"):
            if best is None or len(low) > len(_snake(best)):
                best = t
    if best is None:
        best = types[-1] if types else "?"
    return best


_OPS = None


def _all_ops():
    global _OPS
    if _OPS is None:
        import onnx.defs

        _OPS = {s.name for s in onnx.defs.get_all_schemas() if s.domain == ""}
    return _OPS


def _snake(name: str) -> str:
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i and (not name[i - 1].isupper() or
                                   (i + 1 < len(name) and name[i + 1].islower())):
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


# Half-precision outputs are compared to at least four units in the last
# place of their type: Meld keeps a fused kernel's intermediates in f32 and
# rounds once, where ONNX's reference rounds every op's result to the half
# type, so a chain of ops (a softmax, an attention) may differ in the last
# bits. Cases that need more than their own tolerance are counted
# ("half-ulp passes") in the report.
_HALF_RTOL = {"float16": 2.0 ** -9, "bfloat16": 2.0 ** -6}
HALF_ULP = "within 4 ulp of the half type, not the case's tolerance"


def _compare(expected, actual, rtol, atol):
    import numpy as np

    expected = np.asarray(expected)
    actual = np.asarray(actual)
    if expected.dtype == object or actual.dtype == object:
        return "object outputs"
    if expected.shape != actual.shape:
        return f"shape {actual.shape}, expected {expected.shape}"
    if expected.dtype != actual.dtype:
        # bf16 results come back as ml_dtypes arrays or bit patterns
        return f"dtype {actual.dtype}, expected {expected.dtype}"
    if expected.dtype.kind in "fc" or str(expected.dtype).startswith(("bfloat16", "float8", "float4")):
        e = expected.astype(np.float64)
        a = actual.astype(np.float64)
        if np.allclose(a, e, rtol=rtol, atol=atol, equal_nan=True):
            return None
        half = _HALF_RTOL.get(str(expected.dtype))
        try:
            np.testing.assert_allclose(a, e, rtol=max(rtol, half or 0.0), atol=atol,
                                       equal_nan=True)
        except AssertionError as err:
            lines = [l for l in str(err).splitlines() if "Max" in l or "Mismatched" in l]
            return "; ".join(l.strip() for l in lines) or "values differ"
        return HALF_ULP
    return None if np.array_equal(expected, actual) else \
        f"values differ ({int((expected != actual).sum())} of {expected.size})"


# A float32 output that misses the case's tolerance still passes when it is
# closer to the model evaluated in float64 (onnx's reference evaluator on
# the model with every float32 made float64) than the case's stored output
# is, and within the case's tolerance of that evaluation: the stored output
# carries its generator's float32 rounding (a DFT's, whose error grows with
# the signal's size, against an absolute tolerance of 1e-7), as the OpInfo
# run's float64 rule does for PyTorch (test/torch/opinfo.py).
FLOAT64_CLOSER = "closer to a float64 evaluation than the stored output"


def _float64_outputs(model, arrays):
    """The model's outputs evaluated in float64 by onnx's reference
    evaluator (every float32 type, initializer and Cast made float64), or
    None when that evaluation fails."""
    import numpy as np
    import onnx
    from onnx import numpy_helper
    from onnx.reference import ReferenceEvaluator

    try:
        m = onnx.ModelProto()
        m.CopyFrom(model)
        f32, f64 = onnx.TensorProto.FLOAT, onnx.TensorProto.DOUBLE

        def retype(values):
            for v in values:
                t = v.type.tensor_type
                if t.elem_type == f32:
                    t.elem_type = f64

        def graph(g):
            retype(g.input)
            retype(g.output)
            retype(g.value_info)
            for i, init in enumerate(g.initializer):
                if init.data_type == f32:
                    a = numpy_helper.to_array(init).astype(np.float64)
                    g.initializer[i].CopyFrom(numpy_helper.from_array(a, init.name))
            for node in g.node:
                for attr in node.attribute:
                    if attr.name == "to" and attr.i == f32:
                        attr.i = f64
                    if attr.type == onnx.AttributeProto.GRAPH:
                        graph(attr.g)
        graph(m.graph)
        feeds = {i.name: (a.astype(np.float64) if a.dtype == np.float32 else a)
                 for i, a in zip(m.graph.input, arrays)}
        return ReferenceEvaluator(m).run(None, feeds)
    except Exception:  # noqa: BLE001 - no float64 evaluation: no escape
        return None


def _closer_to_float64(expected, actual, exact, rtol, atol) -> bool:
    import numpy as np

    if exact is None or expected.dtype != np.float32:
        return False
    exact = np.asarray(exact, np.float64)
    if exact.shape != expected.shape:
        return False
    a, e = actual.astype(np.float64), expected.astype(np.float64)
    return (np.abs(a - exact).max() < np.abs(e - exact).max() and
            np.allclose(a, exact, rtol=rtol, atol=atol, equal_nan=True))


def _array(a):
    import numpy as np
    import onnx

    if isinstance(a, onnx.TensorProto):
        return onnx.numpy_helper.to_array(a)
    return np.asarray(a)


def run_case(case):
    """(status, detail) for one case."""
    import numpy as np
    import meld
    import meld.onnx as mo

    def failure(e):
        if isinstance(e, mo.OnnxUnsupported):
            return "unsupported", str(e)
        if isinstance(e, mo.OnnxImportError):
            return "error", f"import: {e}"
        if isinstance(e, meld.CompileError):
            first = str(e).strip().splitlines()
            return "error", f"compile: {first[0] if first else e}"
        if isinstance(e, meld.Error):
            return "error", f"run: {e}"
        return "error", f"importer: {type(e).__name__}: {e}"

    try:
        compiled = mo.compile(case.model, source=case.name)
    except Exception as e:
        return failure(e)
    note = ""
    for inputs, outputs in case.data_sets:
        try:
            arrays = [_array(a) for a in inputs]
            # a model specialized on some inputs' values compiles here
            outs = compiled(*arrays)
            outs = list(outs) if isinstance(outs, tuple) else [outs]
        except Exception as e:
            return failure(e)
        if len(outs) != len(outputs):
            return "wrong", f"{len(outs)} outputs, expected {len(outputs)}"
        for i, (e, a) in enumerate(zip(outputs, outs)):
            e = _array(e)
            if str(e.dtype) == "bfloat16" and a.dtype == np.uint16:
                a = a.view(e.dtype)  # bf16 results come back as bit patterns
            why = _compare(e, a, case.rtol, case.atol)
            if why and why != HALF_ULP:
                exact = _float64_outputs(case.model, arrays)
                if exact is not None and i < len(exact) and \
                        _closer_to_float64(e, a, exact[i], case.rtol, case.atol):
                    why = FLOAT64_CLOSER
            if why in (HALF_ULP, FLOAT64_CLOSER):
                note = why
            elif why:
                return "wrong", f"output {i}: {why}"
    return "pass", note


def _worker(names, out_path, timeout):
    import faulthandler

    import numpy as np

    cases = _collect()
    results = {}
    for name in names:
        t = time.time()
        # a case that hangs (in Python or in compiled code) ends the worker,
        # which names it as the case it did not finish
        faulthandler.dump_traceback_later(timeout, exit=True)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            status, detail = run_case(cases[name])
        faulthandler.cancel_dump_traceback_later()
        results[name] = (status, detail, round(time.time() - t, 3))
        with open(out_path, "w") as f:  # what is done survives a crash
            json.dump(results, f)


def _run_chunk(names, timeout, tmpdir, tag):
    out = os.path.join(tmpdir, f"chunk-{tag}.json")
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", out, "--names", ",".join(names),
           "--timeout", str(timeout)]
    try:
        proc = subprocess.run(cmd, timeout=timeout * len(names) + 60, capture_output=True,
                              text=True)
        failure = None if proc.returncode == 0 else \
            f"worker exited with {proc.returncode}: {proc.stderr.strip()[-300:]}"
    except subprocess.TimeoutExpired:
        failure = "timed out"
    done = {}
    if os.path.exists(out):
        with open(out) as f:
            done = json.load(f)
        os.remove(out)
    return done, failure


def _run_resilient(chunk, timeout, tmpdir, tag):
    """Runs a chunk; when its worker dies, the first case it did not finish
    is the one that crashed or hung (cases run in order): that one is an
    error, and the rest run on in a new worker."""
    results = {}
    pending = list(chunk)
    attempt = 0
    while pending:
        done, failure = _run_chunk(pending, timeout, tmpdir, f"{tag}-{attempt}")
        attempt += 1
        results.update(done)
        missing = [n for n in pending if n not in done]
        if not missing:
            break
        results[missing[0]] = ("error", f"crash: {failure or 'worker ended early'}", 0.0)
        pending = missing[1:]
    return results


def run(names, jobs, timeout, verbose):
    import concurrent.futures
    import tempfile

    results = {}
    chunks = [names[i::max(1, jobs * 4)] for i in range(max(1, jobs * 4))]
    chunks = [c for c in chunks if c]
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_run_resilient, c, timeout, tmp, i): c
                   for i, c in enumerate(chunks)}
        for fut in concurrent.futures.as_completed(futures):
            chunk = futures[fut]
            results.update(fut.result())
            if verbose:
                for n in chunk:
                    s, d, _ = results[n]
                    print(f"{s:12s} {n}  {d[:200]}", flush=True)
    return results


def summarize(results, cases):
    per_op = collections.defaultdict(collections.Counter)
    for name, (status, _, _) in results.items():
        per_op[op_of(cases[name])][status] += 1
    return per_op


def markdown(per_op, totals, header=""):
    lines = [header] if header else []
    lines.append("| op | cases | pass | unsupported | wrong | error |")
    lines.append("| --- | --- | --- | --- | --- | --- |")
    for op in sorted(per_op):
        c = per_op[op]
        n = sum(c.values())
        lines.append(f"| {op} | {n} | {c['pass']} | {c['unsupported']} | {c['wrong']} | "
                     f"{c['error']} |")
    n = sum(totals.values())
    lines.append(f"| **all** | {n} | {totals['pass']} | {totals['unsupported']} | "
                 f"{totals['wrong']} | {totals['error']} |")
    return "\n".join(lines) + "\n"


def ci_slice(cases) -> list[str]:
    """The cases CI runs: the first case (by name) of every op, so that each
    op the suite tests runs, and a fixed quarter of the rest, chosen by a
    hash of the name (the same cases on every machine and run)."""
    import zlib

    first = {}
    for name in sorted(cases):
        first.setdefault(op_of(cases[name]), name)
    chosen = set(first.values())
    chosen |= {n for n in cases if zlib.crc32(n.encode()) % 4 == 0}
    return sorted(chosen)


def floor_of(slice_name: str) -> int:
    """The committed floor of passes for the whole suite or the CI slice."""
    path = os.path.join(HERE, "ci-floor.txt" if slice_name == "ci" else "floor.txt")
    with open(path) as f:
        return int(f.read().split()[0])


def known_errors() -> set[str]:
    with open(os.path.join(HERE, "known-errors.txt")) as f:
        return {l.split()[0] for l in f if l.strip() and not l.startswith("#")}


def problems(results, slice_name: str) -> list[str]:
    """What fails --check: unknown wrong results and errors, and passes
    below the floor."""
    known = known_errors()
    out = [f"wrong: {n}: {d}" for n, (s, d, _) in sorted(results.items())
           if s == "wrong" and n not in known]
    out += [f"error: {n}: {d}" for n, (s, d, _) in sorted(results.items())
            if s == "error" and n not in known]
    passed = sum(1 for s, _, _ in results.values() if s == "pass")
    floor = floor_of(slice_name)
    if passed < floor:
        out.append(f"{passed} cases pass, below the floor of {floor}")
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--slice", choices=("all", "ci"), default="all")
    p.add_argument("-k", dest="pattern", help="only cases whose name contains this")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per case")
    p.add_argument("--json", help="write every case's result here")
    p.add_argument("--markdown", help="write the per-op table here")
    p.add_argument("-v", "--verbose", action="store_true")
    p.add_argument("--check", action="store_true",
                   help="exit 1 on unknown wrong results or errors, or passes below the floor")
    p.add_argument("--worker", help=argparse.SUPPRESS)
    p.add_argument("--names", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        _worker(args.names.split(","), args.worker, args.timeout)
        return 0
    cases = _collect()
    names = sorted(cases)
    if args.slice == "ci":
        names = ci_slice(cases)
    if args.pattern:
        names = [n for n in names if args.pattern in n]
    t = time.time()
    results = run(names, args.jobs, args.timeout, args.verbose)
    totals = collections.Counter(s for s, _, _ in results.values())
    per_op = summarize(results, cases)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"totals": totals, "cases": results}, f, indent=1, sort_keys=True)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(per_op, totals))
    n = len(results)
    half = sum(1 for s, d, _ in results.values() if s == "pass" and d == HALF_ULP)
    closer = sum(1 for s, d, _ in results.values() if s == "pass" and d == FLOAT64_CLOSER)
    print(f"onnx node suite ({args.slice}): {n} cases in {time.time() - t:.0f} s: "
          f"{totals['pass']} pass ({100.0 * totals['pass'] / max(n, 1):.1f}%; {half} of them "
          f"half-precision within 4 ulp, {closer} closer to float64 than the stored output), "
          f"{totals['unsupported']} unsupported, {totals['wrong']} wrong, "
          f"{totals['error']} error")
    if args.check and not args.pattern:
        found = problems(results, args.slice)
        for line in found:
            print(line, file=sys.stderr)
        if found:
            return 1
        print(f"check: nothing wrong, no unknown error, at or above the floor of "
              f"{floor_of(args.slice)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
