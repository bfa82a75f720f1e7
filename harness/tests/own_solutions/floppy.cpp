// AOJ 0300 (Floppy Cube) as a contestant writes it in C++: a BFS from each state over the
// statement's four sticker swaps, until every face is one colour. Written for the judge's tests;
// it shares nothing with the project's solver.
#include <array>
#include <cstdio>
#include <map>
#include <queue>

typedef std::array<int, 30> State;

static const int SWAPS[4][5][2] = {
    {{0, 27}, {1, 28}, {2, 29}, {14, 15}, {18, 20}},
    {{2, 21}, {5, 24}, {8, 27}, {11, 18}, {12, 14}},
    {{6, 21}, {7, 22}, {8, 23}, {9, 11}, {12, 17}},
    {{0, 23}, {3, 26}, {6, 29}, {9, 20}, {15, 17}},
};
static const int FACES[6][2] = {{0, 9}, {9, 12}, {12, 15}, {15, 18}, {18, 21}, {21, 30}};

static bool solved(const State &s) {
    for (const auto &f : FACES)
        for (int i = f[0]; i < f[1]; i++)
            if (s[i] != s[f[0]]) return false;
    return true;
}

static int distance(const State &start) {
    std::map<State, int> seen;
    std::queue<State> queue;
    seen[start] = 0;
    queue.push(start);
    while (!queue.empty()) {
        State s = queue.front();
        queue.pop();
        int d = seen[s];
        if (solved(s)) return d;
        for (const auto &m : SWAPS) {
            State t = s;
            for (const auto &w : m) std::swap(t[w[0]], t[w[1]]);
            if (!seen.count(t)) {
                seen[t] = d + 1;
                queue.push(t);
            }
        }
    }
    return -1;
}

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    for (int k = 0; k < n; k++) {
        State s;
        for (int &c : s)
            if (scanf("%d", &c) != 1) return 1;
        printf("%d\n", distance(s));
    }
    return 0;
}
