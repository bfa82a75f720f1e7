# AOJ 0300 (Floppy Cube) as a contestant writes it in Python: a BFS from each state over the
# statement's four sticker swaps, until every face is one colour. Written for the judge's tests;
# it shares nothing with the project's solver.
import sys
from collections import deque

SWAPS = [[(0, 27), (1, 28), (2, 29), (14, 15), (18, 20)],
         [(2, 21), (5, 24), (8, 27), (11, 18), (12, 14)],
         [(6, 21), (7, 22), (8, 23), (9, 11), (12, 17)],
         [(0, 23), (3, 26), (6, 29), (9, 20), (15, 17)]]
FACES = [range(0, 9), range(9, 12), range(12, 15), range(15, 18), range(18, 21), range(21, 30)]


def solved(s):
    return all(len({s[i] for i in f}) == 1 for f in FACES)


def turn(s, m):
    t = list(s)
    for a, b in SWAPS[m]:
        t[a], t[b] = t[b], t[a]
    return tuple(t)


def distance(start):
    seen = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if solved(s):
            return seen[s]
        for m in range(4):
            t = turn(s, m)
            if t not in seen:
                seen[t] = seen[s] + 1
                queue.append(t)


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    out = []
    for k in range(n):
        d = distance(tuple(int(x) for x in data[1 + 30 * k:31 + 30 * k]))
        out.append(str(d))
    print("\n".join(out))


main()
