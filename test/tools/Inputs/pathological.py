"""Writes pathological programs for the limit tests (test/tools/limits.mlir):
generated, so that the tree holds no multi-megabyte files.

    pathological.py deep-if N      meld.if nested N deep
    pathological.py deep-scf N     scf.execute_region nested N deep
    pathological.py deep-type N    a tuple type nested N deep
    pathological.py deep-attr N    an array attribute nested N deep
    pathological.py nul WHERE      a valid program with a NUL byte in a
                                   comment, a string or after the end
    pathological.py many-ops N     N ops in one function
"""
import sys


def deep_if(n):
    """Level i branches on its own predicate (the i-th element of %p), so
    that no pass folds the nest away; each else branch computes."""
    lines = [f"func.func @main(%p: tensor<{n}xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {{"]
    for i in range(n):
        lines.append(f"  %q{i} = meld.slice %p start = [{i}] limit = [{i + 1}] : tensor<{n}xi1> -> tensor<1xi1>")
        lines.append(f"  %p{i} = meld.reshape %q{i} : tensor<1xi1> -> tensor<i1>")
        lines.append(f"  %r{i} = meld.if %p{i} -> (tensor<4xf32>) {{")
    lines.append("  %e = meld.exp %a : tensor<4xf32>")
    lines.append("  meld.yield %e : tensor<4xf32>")
    for i in reversed(range(n)):
        lines.append("  } else {")
        lines.append(f"    %t{i} = meld.tanh %a : tensor<4xf32>")
        lines.append(f"    meld.yield %t{i} : tensor<4xf32>")
        lines.append("  }")
        if i:
            lines.append(f"  meld.yield %r{i} : tensor<4xf32>")
    lines.append("  return %r0 : tensor<4xf32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


def deep_scf(n):
    lines = ["func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {"]
    for i in range(n):
        lines.append(f"  %r{i} = scf.execute_region -> tensor<4xf32> {{")
    lines.append("  scf.yield %a : tensor<4xf32>")
    for i in reversed(range(n)):
        lines.append("  }")
        if i:
            lines.append(f"  scf.yield %r{i} : tensor<4xf32>")
    lines.append("  return %r0 : tensor<4xf32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


def deep_type(n):
    t = "i32"
    for _ in range(n):
        t = f"tuple<{t}>"
    return f"func.func private @f(%a: {t})\n"


def deep_attr(n):
    return "func.func private @f() attributes {a = " + "[" * n + "]" * n + "}\n"


def nul(where):
    body = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n" \
           "  return %a : tensor<4xf32>\n}\n"
    if where == "comment":
        return "// a comment \0 with a NUL byte\n" + body
    if where == "string":
        return body.replace("@main(", '@main(') + 'func.func private @g() attributes {s = "a\0b"}\n'
    return body + "\0func.func @ignored() {\n  return\n}\n"


def many_ops(n):
    lines = ["func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {"]
    prev = "%a"
    for i in range(n):
        lines.append(f"  %v{i} = meld.exp {prev} : tensor<4xf32>")
        prev = f"%v{i}"
    lines.append(f"  return {prev} : tensor<4xf32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    kind, arg = sys.argv[1], sys.argv[2]
    make = {"deep-if": deep_if, "deep-scf": deep_scf, "deep-type": deep_type,
            "deep-attr": deep_attr, "many-ops": many_ops}
    text = nul(arg) if kind == "nul" else make[kind](int(arg))
    sys.stdout.buffer.write(text.encode())


if __name__ == "__main__":
    main()
