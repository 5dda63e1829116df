"""Complex arithmetic on (re, im) pairs, written with the shared op
table's functions (:mod:`meld.frontend.lowerings`).

Meld has no complex element type: a frontend carries a complex tensor as
a real one with a trailing dim of 2 and splits it into its parts
(:func:`meld.frontend.spectral.split_pairs`). A part's ``im`` is None for
a real operand, and the functions here skip the products with it. The
formulas are those of C++'s ``std::complex`` as PyTorch's ``c10::complex``
writes them (division by Smith's scaling, as NumPy does), so that results
agree with eager PyTorch within rounding.
"""

from __future__ import annotations

from typing import Optional

from .builder import Builder, Value
from .lowerings import (
    atan2,
    binary,
    broadcast_all,
    compare,
    cosh,
    hypot,
    isnan,
    logical,
    matmul,
    scalar_like,
    select,
    sign_bit,
    sinh,
    unary,
)
from .spectral import Pair



def _add(b: Builder, x: Optional[Value], y: Optional[Value], op: str = "add"):
    if y is None:
        return x
    if x is None:
        return y if op == "add" else unary(b, "neg", y)
    return binary(b, op, x, y)


def _mul(b: Builder, x: Optional[Value], y: Optional[Value]) -> Optional[Value]:
    return None if x is None or y is None else binary(b, "mul", x, y)


def _zero_im(b: Builder, x: Pair) -> Pair:
    re, im = x
    return re, scalar_like(b, 0.0, re) if im is None else im


def add(b: Builder, x: Pair, y: Pair) -> Pair:
    return binary(b, "add", x[0], y[0]), _add(b, x[1], y[1])


def sub(b: Builder, x: Pair, y: Pair) -> Pair:
    return binary(b, "sub", x[0], y[0]), _add(b, x[1], y[1], "sub")


def conj(b: Builder, x: Pair) -> Pair:
    re, im = x
    return re, (None if im is None else unary(b, "neg", im))


def neg(b: Builder, x: Pair) -> Pair:
    return unary(b, "neg", x[0]), None if x[1] is None else unary(b, "neg", x[1])


def mul(b: Builder, x: Pair, y: Pair) -> Pair:
    """(a + bi)(c + di) = (ac - bd) + (ad + bc)i."""
    (a, bi), (c, d) = x, y
    return (_add(b, binary(b, "mul", a, c), _mul(b, bi, d), "sub"),
            _add(b, _mul(b, a, d), _mul(b, bi, c)))


def div(b: Builder, x: Pair, y: Pair) -> Pair:
    """(a + bi) / (c + di) by Smith's scaling (c10::complex's and NumPy's):
    the ratio of the smaller to the larger of |c|, |d|, so that c^2 + d^2
    never overflows; a zero divisor gives a / 0 and b / 0."""
    (a, bi), (c, d) = x, y
    if d is None:
        return binary(b, "div", a, c), None if bi is None else binary(b, "div", bi, c)
    a, c, d = broadcast_all(b, [a, c, d])
    bi = scalar_like(b, 0.0, a) if bi is None else broadcast_all(b, [bi, a])[0]
    ac, ad = unary(b, "abs", c), unary(b, "abs", d)
    one = scalar_like(b, 1.0, a)
    # |c| >= |d|: rat = d / c, scl = 1 / (c + d rat)
    rat1 = binary(b, "div", d, c)
    scl1 = binary(b, "div", one, binary(b, "add", c, binary(b, "mul", d, rat1)))
    re1 = binary(b, "mul", binary(b, "add", a, binary(b, "mul", bi, rat1)), scl1)
    im1 = binary(b, "mul", binary(b, "sub", bi, binary(b, "mul", a, rat1)), scl1)
    # |c| < |d|: rat = c / d, scl = 1 / (d + c rat)
    rat2 = binary(b, "div", c, d)
    scl2 = binary(b, "div", one, binary(b, "add", d, binary(b, "mul", c, rat2)))
    re2 = binary(b, "mul", binary(b, "add", binary(b, "mul", a, rat2), bi), scl2)
    im2 = binary(b, "mul", binary(b, "sub", binary(b, "mul", bi, rat2), a), scl2)
    first = compare(b, "ge", ac, ad)
    zero = scalar_like(b, 0.0, ac)
    both_zero = logical(b, "and", compare(b, "eq", ac, zero), compare(b, "eq", ad, zero))
    re = select(b, first, re1, re2)
    im = select(b, first, im1, im2)
    return (select(b, both_zero, binary(b, "div", a, ac), re),
            select(b, both_zero, binary(b, "div", bi, ad), im))


def reciprocal(b: Builder, x: Pair) -> Pair:
    return div(b, (scalar_like(b, 1.0, x[0]), None), x)


def magnitude(b: Builder, x: Pair) -> Value:
    """|z|, as hypot (no overflow of re^2 + im^2)."""
    re, im = x
    return unary(b, "abs", re) if im is None else hypot(b, re, im)


def angle(b: Builder, x: Pair) -> Value:
    re, im = x
    return atan2(b, scalar_like(b, 0.0, re) if im is None else im, re)


def exp(b: Builder, x: Pair) -> Pair:
    """e^a (cos b + i sin b)."""
    re, im = x
    r = unary(b, "exp", re)
    if im is None:
        return r, None
    return binary(b, "mul", r, unary(b, "cos", im)), binary(b, "mul", r, unary(b, "sin", im))


def log(b: Builder, x: Pair) -> Pair:
    """log |z| + i arg z."""
    return unary(b, "log", magnitude(b, x)), angle(b, x)


def sqrt(b: Builder, x: Pair) -> Pair:
    """The principal root: t = sqrt((|a| + |z|) / 2); (t, b / 2t) for
    a >= 0, (|b| / 2t, t with b's sign, -0 included) for a < 0 (no cancellation
    either way); 0 at 0."""
    re, im = broadcast_all(b, list(_zero_im(b, x)))
    r = hypot(b, re, im)
    half = scalar_like(b, 0.5, re)
    t = unary(b, "sqrt", binary(b, "mul", binary(b, "add", unary(b, "abs", re), r), half))
    two_t = binary(b, "add", t, t)
    zero = scalar_like(b, 0.0, t)
    is_zero = compare(b, "eq", t, zero)
    other = select(b, is_zero, zero, binary(b, "div", im, two_t))  # b / 2t
    non_negative = compare(b, "ge", re, zero)
    out_re = select(b, non_negative, t, unary(b, "abs", other))
    neg_t = unary(b, "neg", t)
    out_im = select(b, non_negative, other,
                    select(b, sign_bit(b, im), neg_t, t))
    return out_re, out_im


def sgn(b: Builder, x: Pair) -> Pair:
    """z / |z|, and 0 at 0."""
    m = magnitude(b, x)
    zero = scalar_like(b, 0.0, m)
    at_zero = compare(b, "eq", m, zero)
    re, im = x
    out_re = select(b, at_zero, zero, binary(b, "div", *broadcast_all(b, [re, m])))
    if im is None:
        return out_re, None
    return out_re, select(b, at_zero, zero, binary(b, "div", *broadcast_all(b, [im, m])))


def sin(b: Builder, x: Pair) -> Pair:
    """sin a cosh b + i cos a sinh b."""
    a, c = _zero_im(b, x)
    return (binary(b, "mul", unary(b, "sin", a), cosh(b, c)),
            binary(b, "mul", unary(b, "cos", a), sinh(b, c)))


def cos(b: Builder, x: Pair) -> Pair:
    """cos a cosh b - i sin a sinh b."""
    a, c = _zero_im(b, x)
    return (binary(b, "mul", unary(b, "cos", a), cosh(b, c)),
            unary(b, "neg", binary(b, "mul", unary(b, "sin", a), sinh(b, c))))


def sinh_pair(b: Builder, x: Pair) -> Pair:
    """sinh a cos b + i cosh a sin b."""
    a, c = _zero_im(b, x)
    return (binary(b, "mul", sinh(b, a), unary(b, "cos", c)),
            binary(b, "mul", cosh(b, a), unary(b, "sin", c)))


def cosh_pair(b: Builder, x: Pair) -> Pair:
    """cosh a cos b + i sinh a sin b."""
    a, c = _zero_im(b, x)
    return (binary(b, "mul", cosh(b, a), unary(b, "cos", c)),
            binary(b, "mul", sinh(b, a), unary(b, "sin", c)))


def tanh(b: Builder, x: Pair) -> Pair:
    """(sinh 2a + i sin 2b) / (cosh 2a + cos 2b); past |a| = 20 (cosh 2a
    overflows float32 soon after) its limit, sign(a) + i 4 sin 2b
    e^(-4|a|)."""
    a, c = _zero_im(b, x)
    two_a, two_c = binary(b, "add", a, a), binary(b, "add", c, c)
    den = binary(b, "add", cosh(b, two_a), unary(b, "cos", two_c))
    re = binary(b, "div", sinh(b, two_a), den)
    im = binary(b, "div", unary(b, "sin", two_c), den)
    far = compare(b, "gt", unary(b, "abs", a), scalar_like(b, 20.0, a))
    one = scalar_like(b, 1.0, a)
    sign = select(b, sign_bit(b, a), unary(b, "neg", one), one)
    small = binary(b, "mul", binary(b, "mul", scalar_like(b, 4.0, a), unary(b, "sin", two_c)),
                   unary(b, "exp", binary(b, "mul", scalar_like(b, -4.0, a),
                                          unary(b, "abs", a))))
    return select(b, far, sign, re), select(b, far, small, im)


def sigmoid(b: Builder, x: Pair) -> Pair:
    """1 / (1 + e^-z)."""
    e = exp(b, neg(b, x))
    return reciprocal(b, (binary(b, "add", scalar_like(b, 1.0, e[0]), e[0]), e[1]))


def power(b: Builder, x: Pair, y: Pair) -> Pair:
    """x^y = e^(y log x); 0^y is 1 for y = 0 and 0 otherwise (y's real
    part positive; C++'s std::pow)."""
    base, e = _zero_im(b, x), _zero_im(b, y)
    base_re, base_im, e_re, e_im = broadcast_all(b, [*base, *e])
    out_re, out_im = exp(b, mul(b, (e_re, e_im), log(b, (base_re, base_im))))
    zero = scalar_like(b, 0.0, base_re)
    one = scalar_like(b, 1.0, base_re)
    base_zero = logical(b, "and", compare(b, "eq", base_re, zero),
                        compare(b, "eq", base_im, zero))
    e_zero = logical(b, "and", compare(b, "eq", e_re, zero), compare(b, "eq", e_im, zero))
    at_zero = select(b, e_zero, one, zero)
    return (select(b, base_zero, at_zero, out_re),
            select(b, base_zero, zero, out_im))


def is_nan(b: Builder, x: Pair) -> Value:
    re, im = x
    return isnan(b, re) if im is None else logical(b, "or", *broadcast_all(
        b, [isnan(b, re), isnan(b, im)]))


def truth(b: Builder, x: Pair) -> Value:
    """z != 0."""
    re, im = _zero_im(b, x)
    zero = scalar_like(b, 0.0, re)
    return logical(b, "or", *broadcast_all(b, [compare(b, "ne", re, zero),
                                               compare(b, "ne", im, zero)]))


def matmul_pairs(b: Builder, x: Pair, y: Pair) -> Pair:
    """(A + Bi)(C + Di) as real matmuls: AC - BD and AD + BC."""
    (a, bi), (c, d) = x, y
    def mm(p, q):
        return None if p is None or q is None else matmul(b, p, q)
    return _add(b, mm(a, c), mm(bi, d), "sub"), _add(b, mm(a, d), mm(bi, c))


def equal(b: Builder, x: Pair, y: Pair, negate: bool) -> Value:
    """Both parts equal (``negate``: either differs)."""
    (xr, xi), (yr, yi) = _zero_im(b, x), _zero_im(b, y)
    kind = "ne" if negate else "eq"
    return logical(b, "or" if negate else "and",
                   *broadcast_all(b, [compare(b, kind, *broadcast_all(b, [xr, yr])),
                                      compare(b, kind, *broadcast_all(b, [xi, yi]))]))
