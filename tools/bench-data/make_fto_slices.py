#!/usr/bin/env python3
"""Derive inner slice moves for the Face-Turning Octahedron from its 8 face moves.

Input : a twsearch/ksolve .tws file with the FTO face moves (F, BB, D, U, L, BR, BL, R).
Output: the same file (header comments kept, one comment line added, every other
        line byte for byte) followed by 8 slice moves 2F, 2BB, ..., 2R.

Conventions (twsearch docs/architecture.md):
  * A Move block's permutation line is *passive*: P[i] = j means the piece that
    was in slot j moves to slot i.
  * A Move block's orientation line is indexed by cubie (source slot): the piece
    coming from slot j gets its orientation increased by o_m[j].  twsearch turns
    this into a "state" orientation q[i] = o_m[P[i]]  (movetostate), and back
    with o_m[P[i]] = q[i]  (statetomove).
  * Application order is left to right: "A B" means do A, then B.

Internally every element is an *active sticker permutation*: a sticker is a
(set, slot, orientation) triple, and a move sends sticker (P[i], o) to
(i, o + q[i]).  Composing "A then B" is x -> B(A(x)); this matches twsearch's
state multiplication (new.p[i] = a.p[b.p[i]], new.o[i] = a.o[b.p[i]] + b.o[i]).

Method: for each face M, the opposite face X is the unique face whose move has
a disjoint support and commutes with M.  A whole-puzzle rotation rho about that
axis is a sticker permutation preserving sets and orientation structure with
rho^-1 * G * rho in the move set for every face move G, fixing M and X, and not
the identity.  It is found by backtracking: fix where the move names go
(a permutation of the other six faces) and where one sticker of each
sticker-orbit goes, then propagate rho(G(s)) = G'(rho(s)).  Among the two
non-trivial rotations we keep the one that acts exactly like M on M's support
(it turns the same way as M).  Then rho = M * S * X^e with e chosen so that rho
agrees with X^e on X's support (e = -1: the same sense seen from X is X'), and
the slice is S = M^-1 * rho * X^-e.  M, S, X have disjoint supports so the
order of composition does not matter for the result, and this is checked.
"""

import itertools
import sys

import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "FTO.tws")
DST = os.path.join(HERE, "FTO-slices.tws")
FACES = ["F", "BB", "D", "U", "L", "BR", "BL", "R"]
SCRAMBLE = "R U L BB' F D BR L' U' BB"
NOTE = "# Slice moves 2F 2BB 2D 2U 2L 2BR 2BL 2R derived from the face moves by tools/bench-data/make_fto_slices.py (rotation about the axis, minus the two face layers)."


def fail(msg):
    print("CHECK FAILED: " + msg)
    sys.exit(1)


# ---------------------------------------------------------------- parsing
def parse(text):
    lines = text.split("\n")
    sets = []  # (name, n, k)
    moves = {}  # name -> {set: (perm0, ori)}
    solved = {}
    i = 0
    cur = None
    while i < len(lines):
        toks = lines[i].split()
        i += 1
        if not toks or toks[0].startswith("#"):
            continue
        if toks[0] == "Set":
            sets.append((toks[1], int(toks[2]), int(toks[3])))
        elif toks[0] in ("Solved", "Move"):
            block = {}
            while True:
                t = lines[i].split()
                i += 1
                if not t:
                    continue
                if t[0] == "End":
                    break
                name = t[0]
                perm = [int(x) for x in lines[i].split()]
                ori = [int(x) for x in lines[i + 1].split()]
                i += 2
                block[name] = (perm, ori)
            if toks[0] == "Solved":
                solved = block
            else:
                moves[toks[1]] = block
    return sets, solved, moves


sets_ = None  # list of (name, n, k)
STICKERS = []  # index -> (set, slot, ori)
SIDX = {}


def build_stickers(sets):
    for (name, n, k) in sets:
        for s in range(n):
            for o in range(k):
                SIDX[(name, s, o)] = len(STICKERS)
                STICKERS.append((name, s, o))


def move_to_stickers(block):
    """ksolve move block -> active sticker permutation (tuple)."""
    img = [None] * len(STICKERS)
    for (name, n, k) in sets_:
        if name in block:
            P = [x - 1 for x in block[name][0]]
            om = block[name][1]
        else:
            P, om = list(range(n)), [0] * n
        if sorted(P) != list(range(n)):
            fail(f"set {name}: move permutation is not a permutation")
        for i in range(n):
            q = om[P[i]] % k  # movetostate
            for o in range(k):
                img[SIDX[(name, P[i], o)]] = SIDX[(name, i, (o + q) % k)]
    return tuple(img)


def stickers_to_block(perm):
    """active sticker permutation -> ksolve move block {set: (perm1, ori)}."""
    block = {}
    for (name, n, k) in sets_:
        P = [None] * n
        om = [None] * n
        for j in range(n):
            tname, i, o0 = STICKERS[perm[SIDX[(name, j, 0)]]]
            assert tname == name
            for o in range(k):
                t = STICKERS[perm[SIDX[(name, j, o)]]]
                if t != (name, i, (o0 + o) % k):
                    fail(f"set {name}: element is not slot perm + orientation offset")
            P[i] = j
            om[j] = o0  # statetomove: o_m[P[i]] = q[i]
        block[name] = ([x + 1 for x in P], om)
    return block


# ---------------------------------------------------------------- group ops
def mul(a, b):  # a then b
    return tuple(b[a[x]] for x in range(len(a)))


def inv(a):
    r = [0] * len(a)
    for x, y in enumerate(a):
        r[y] = x
    return tuple(r)


def ident():
    return tuple(range(len(STICKERS)))


def power(a, e):
    e %= order(a)
    r = ident()
    for _ in range(e):
        r = mul(r, a)
    return r


def order(a):
    r, n, I = a, 1, ident()
    while r != I:
        r, n = mul(r, a), n + 1
    return n


def support(a):
    """slots (set, slot) whose content is moved or twisted."""
    return {STICKERS[x][:2] for x in range(len(a)) if a[x] != x}


def commute(a, b):
    return mul(a, b) == mul(b, a)


def conj(r, g):  # r^-1 g r : "rotate back, do g, rotate"
    return mul(mul(inv(r), g), r)


# ---------------------------------------------------------------- rotations
def orbits(gens):
    seen, res = set(), []
    for s in range(len(STICKERS)):
        if s in seen:
            continue
        orb, stack = {s}, [s]
        while stack:
            x = stack.pop()
            for g in gens:
                y = g[x]
                if y not in orb:
                    orb.add(y)
                    stack.append(y)
        seen |= orb
        res.append(sorted(orb))
    return res


def find_rotations(G, face, opp):
    """All rho with rho^-1 G rho = G' for a name map fixing face and opp."""
    names = list(G)
    gens = [G[n] for n in names]
    orbs = orbits(gens)
    others = [n for n in names if n not in (face, opp)]
    found = []
    for img in itertools.permutations(others):
        nm = dict(zip(others, img))
        nm[face], nm[opp] = face, opp
        # rho * G'[n] = G[n] * rho as sticker maps: rho(G[n](s)) = G'(rho(s))
        # with "a then b" composition r^-1 g r = g'  <=>  g then r = r then g'
        # i.e. rho(g(s)) = g'(rho(s)).
        rho = [None] * len(STICKERS)

        def propagate(start, target):
            assign = {start: target}
            stack = [start]
            while stack:
                x = stack.pop()
                y = assign[x]
                for n in names:
                    gx, gy = G[n][x], G[nm[n]][y]
                    if rho[gx] is not None:
                        if rho[gx] != gy:
                            return None
                        continue
                    if gx in assign:
                        if assign[gx] != gy:
                            return None
                        continue
                    assign[gx] = gy
                    stack.append(gx)
            return assign

        def rec(k):
            if k == len(orbs):
                r = tuple(rho)
                if sorted(r) != list(range(len(r))):
                    return
                found.append((dict(nm), r))
                return
            base = orbs[k][0]
            bset = STICKERS[base][0]
            used = {v for v in rho if v is not None}
            for t in range(len(STICKERS)):
                if STICKERS[t][0] != bset or t in used:
                    continue
                a = propagate(base, t)
                if a is None or len(set(a.values())) != len(a) or (set(a.values()) & used):
                    continue
                for x, y in a.items():
                    rho[x] = y
                rec(k + 1)
                for x in a:
                    rho[x] = None

        rec(0)
    res = []
    for nm, r in found:
        # must be slot perm + orientation offset (wreath element)
        try:
            stickers_to_block_quiet(r)
        except ValueError:
            continue
        res.append((nm, r))
    return res


def stickers_to_block_quiet(perm):
    for (name, n, k) in sets_:
        for j in range(n):
            tname, i, o0 = STICKERS[perm[SIDX[(name, j, 0)]]]
            if tname != name:
                raise ValueError
            for o in range(k):
                if STICKERS[perm[SIDX[(name, j, o)]]] != (name, i, (o0 + o) % k):
                    raise ValueError


def restrict(a, slots):
    return tuple(a[x] if STICKERS[x][:2] in slots else x for x in range(len(a)))


# ---------------------------------------------------------------- main
def fmt_block(name, block):
    out = [f"Move {name}"]
    for (sname, n, k) in sets_:
        P, om = block[sname]
        out.append(sname)
        out.append(" ".join(map(str, P)))
        out.append(" ".join(map(str, om)))
    out.append("End")
    return "\n".join(out) + "\n"


def main():
    global sets_
    with open(SRC, "rb") as f:
        raw = f.read()
    text = raw.decode("ascii")
    sets_, solved, mv = parse(text)
    build_stickers(sets_)
    if list(mv) != FACES:
        fail(f"unexpected move list {list(mv)}")
    G = {n: move_to_stickers(mv[n]) for n in FACES}
    all_slots = {(nm, s) for (nm, n, k) in sets_ for s in range(n)}
    print("Sets:", ", ".join(f"{n} {c}x{k}" for n, c, k in sets_))
    for n in FACES:
        if order(G[n]) != 3:
            fail(f"face {n} has order {order(G[n])}")
    # round trip of the file's moves through the sticker model
    for n in FACES:
        if stickers_to_block(G[n]) != {s: (mv[n][s][0], [x % k for x in mv[n][s][1]]) for (s, c, k) in sets_}:
            fail(f"round trip of {n} differs")
    print("Round trip ksolve -> sticker permutation -> ksolve: identical for all 8 faces")

    # identical pieces note
    for (s, c, k) in sets_:
        labels = solved[s][0]
        if len(set(labels)) != len(labels):
            print(f"Note: set {s} has identical pieces in Solved ({labels}); moves are slot permutations regardless")

    # opposite faces
    opp = {}
    for a in FACES:
        cands = [b for b in FACES if b != a and not (support(G[a]) & support(G[b])) and commute(G[a], G[b])]
        if len(cands) != 1:
            fail(f"face {a}: opposite candidates {cands}")
        opp[a] = cands[0]
    for a in FACES:
        if opp[opp[a]] != a:
            fail("opposite relation not symmetric")
    pairs = []
    for a in FACES:
        if FACES.index(a) < FACES.index(opp[a]):
            pairs.append((a, opp[a]))
    print("Opposite pairs (disjoint supports, commuting):", ", ".join(f"{a}-{b}" for a, b in pairs))

    slices = {}
    face_set = set(G.values())
    for M in FACES:
        X = opp[M]
        rots = find_rotations(G, M, X)
        nontriv = [(nm, r) for nm, r in rots if r != ident()]
        same = [(nm, r) for nm, r in nontriv if restrict(r, support(G[M])) == G[M]]
        print(f"\n== {M} (opposite {X}): {len(rots)} automorphisms fixing {M},{X} "
              f"({len(nontriv)} non-trivial), {len(same)} acting as {M} on {M}'s layer")
        if len(same) != 1:
            fail(f"{M}: expected exactly one rotation turning like {M}, got {len(same)}")
        nm, rho = same[0]
        if order(rho) != 3:
            fail(f"{M}: rotation order {order(rho)}")
        print("   rotation permutes faces:", " ".join(f"{a}->{nm[a]}" for a in FACES if nm[a] != a))
        e = None
        for ee in (1, -1):
            if restrict(rho, support(G[X])) == power(G[X], ee):
                e = ee
        if e is None:
            fail(f"{M}: rotation does not act as a power of {X} on {X}'s layer")
        print(f"   on {X}'s layer the rotation equals {X}{'' if e == 1 else chr(39)}  =>  rotation = {M} * 2{M} * {X}{'' if e == 1 else chr(39)}")
        S = mul(mul(inv(G[M]), rho), power(G[X], -e))
        S2 = mul(mul(power(G[X], -e), rho), inv(G[M]))  # other composition order
        if S != S2:
            fail(f"{M}: composition order matters")
        Xe = power(G[X], e)
        # ---- checks
        if order(S) != 3:
            fail(f"2{M} order {order(S)}")
        if not commute(S, G[M]) or not commute(S, G[X]):
            fail(f"2{M} does not commute with {M}/{X}")
        sM, sS, sX = support(G[M]), support(S), support(G[X])
        if sM & sS or sS & sX or sM & sX:
            fail(f"2{M}: supports not disjoint")
        axis_touch = sM | sS | sX
        if axis_touch != all_slots:
            fail(f"2{M}: supports do not cover the puzzle: missing {sorted(all_slots - axis_touch)}")
        for bad, nmb in ((G[M], M), (inv(G[M]), M + "'"), (G[X], X), (inv(G[X]), X + "'")):
            if S == bad:
                fail(f"2{M} equals {nmb}")
        R = mul(mul(G[M], S), Xe)
        if R != rho:
            fail(f"2{M}: {M}*2{M}*{X}^e != rotation")
        for a in FACES:
            if conj(R, G[a]) not in face_set or conj(inv(R), G[a]) not in face_set:
                fail(f"2{M}: rotation does not conjugate {a} to a face move")
        from collections import Counter
        cnt = Counter(s for s, _ in sS)
        print(f"   2{M}: order 3; commutes with {M} and {X}; supports |{M}|={len(sM)} |2{M}|={len(sS)} |{X}|={len(sX)} "
              f"disjoint, union = all {len(all_slots)} slots; 2{M} not in {{{M},{M}',{X},{X}'}}; "
              f"{M}*2{M}*{X}{'' if e == 1 else chr(39)} conjugates every face move to a face move")
        print(f"   2{M} moves: " + ", ".join(f"{s} {cnt[s]}" for s, _, _ in sets_ if cnt[s]))
        slices[M] = S

    # cross checks between slices
    for M in FACES:
        if slices[M] in face_set:
            fail(f"2{M} is a face move")
    if len(set(slices.values())) != 8:
        fail("slices not distinct")
    print("\nAll 8 slices distinct and none equals a face move")
    for M in FACES:
        X = opp[M]
        if slices[X] != inv(slices[M]):
            fail(f"2{X} is not the inverse of 2{M}")
    print("Same middle layer from both sides: 2" + ", 2".join(f"{X} = 2{M}'" for M, X in pairs) + " (and vice versa)")

    # scramble sanity: apply it, print state support
    elems = dict(G)
    elems.update({"2" + M: slices[M] for M in FACES})
    st = ident()
    for tok in SCRAMBLE.split():
        name, e = (tok[:-1], -1) if tok.endswith("'") else (tok, 1)
        if name not in elems:
            fail(f"scramble move {tok} not in file")
        st = mul(st, power(elems[name], e))
    print(f"Scramble '{SCRAMBLE}': all moves exist; scrambled state is {'solved' if st == ident() else 'not solved'}; order {order(st)}")

    # ---- write
    lines = text.split("\n")
    k = 0
    while lines[k].startswith("#"):
        k += 1
    out = "\n".join(lines[:k]) + "\n" + NOTE + "\n" + "\n".join(lines[k:])
    if not out.endswith("\n\n"):
        out = out.rstrip("\n") + "\n\n"
    out += "\n".join(fmt_block("2" + M, stickers_to_block(slices[M])) for M in FACES)
    with open(DST, "w", newline="\n") as f:
        f.write(out)

    # ---- re-read and verify
    sets2, solved2, mv2 = parse(out)
    if sets2 != sets_ or solved2 != solved:
        fail("re-read: sets/solved differ")
    if list(mv2) != FACES + ["2" + M for M in FACES]:
        fail(f"re-read: move list {list(mv2)}")
    for n in FACES:
        if mv2[n] != mv[n]:
            fail(f"re-read: face {n} differs")
    for M in FACES:
        if move_to_stickers(mv2["2" + M]) != slices[M]:
            fail(f"re-read: 2{M} differs")
    if not out.startswith("\n".join(lines[:k]) + "\n") or text[len("\n".join(lines[:k])) + 1:] not in out:
        fail("original text not preserved")
    print(f"Wrote {DST}; re-read OK (original lines preserved byte for byte, 16 moves)")


if __name__ == "__main__":
    main()
