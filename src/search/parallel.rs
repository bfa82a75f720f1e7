//! One threshold's walk on several threads. The tree below the root is cut into tasks, the nodes
//! a few moves down (their prefixes made by the tree's own [`SearchTree::expand`], so already
//! bounded); threads take the tasks in turn. The answer is the first solution of the first task in
//! their order that has one, so it is the same on any number of threads: a task is dropped, or
//! cancelled, only once a task before it has an answer.
//!
//! The order is the tree's own (then the answer is the one a single walk from the root finds) or,
//! with [`Parallel::busiest_first`], the tasks that made most nodes under the threshold before
//! first, as nissy does: the long tasks start early and do not finish last on one thread alone,
//! and a solution is likeliest where the nodes are.

use super::{Control, SearchTree, Walker};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

/// How a threshold's walk is shared out.
pub struct Parallel<'a> {
    pub threads: usize,
    /// Moves in a task's prefix; thresholds up to this one are walked from the root on one thread.
    pub split: u32,
    /// Tasks in the order of their node counts at the threshold before (kept in `history`).
    pub busiest_first: bool,
    /// Told the nodes made so far, from the caller's thread, every few thousand nodes.
    pub tick: Option<&'a (dyn Fn(u64) + Sync)>,
}

/// Each task's node count at the last threshold, by its prefix, for [`Parallel::busiest_first`].
#[derive(Default)]
pub struct TaskHistory {
    nodes: HashMap<Vec<usize>, u64>,
}

/// One threshold's outcome.
pub struct Iteration {
    pub solution: Option<Vec<usize>>,
    /// Children made.
    pub nodes: u64,
}

/// A task: a node `path.len()` moves below the root, or a path already solved on the way there.
struct Task<N, P> {
    path: Vec<usize>,
    g: u32,
    node: Option<(N, P)>,
}

/// The tasks of a tree.
type Tasks<T> = Vec<Task<<T as SearchTree>::Node, <T as SearchTree>::Pruning>>;

/// The first solution of cost at most `threshold` below `root`, if there is one.
pub fn first_in_iteration<T>(
    tree: &T,
    root: &T::Node,
    threshold: u32,
    how: &Parallel,
    history: &mut TaskHistory,
) -> Iteration
where
    T: SearchTree + Sync,
    T::Node: Clone + Send + Sync,
    T::Pruning: Send + Sync,
    T::Children: Send,
{
    if tree.bound(root) > threshold {
        return Iteration {
            solution: None,
            nodes: 0,
        };
    }
    if let Some(rest) = tree.finish(root) {
        return Iteration {
            solution: Some(rest),
            nodes: 0,
        };
    }
    if threshold <= how.split || (how.threads <= 1 && !how.busiest_first) {
        return on_this_thread(tree, root, threshold, how);
    }
    let total = AtomicU64::new(0);
    let (mut tasks, prefix_nodes) = all_prefixes(tree, root, threshold, how);
    if how.busiest_first {
        // A stable sort: ties keep the tree's order. Each key looked up once (tens of thousands
        // of tasks with four-move prefixes).
        tasks.sort_by_cached_key(|t| {
            std::cmp::Reverse(history.nodes.get(&t.path).copied().unwrap_or(0))
        });
    }
    let next = AtomicUsize::new(0);
    let best = AtomicUsize::new(usize::MAX);
    let answer: Mutex<Option<(usize, Vec<usize>)>> = Mutex::new(None);
    let counts: Vec<AtomicU64> = tasks.iter().map(|_| AtomicU64::new(0)).collect();
    let work = |main: bool| {
        let mut w = Walker::new(tree, threshold);
        w.total = Some(&total);
        if main {
            w.tick = how.tick;
        }
        loop {
            let t = next.fetch_add(1, Relaxed);
            if t >= tasks.len() || t > best.load(Relaxed) {
                break;
            }
            let task = &tasks[t];
            let before = w.nodes;
            let solved = match &task.node {
                None => Some(task.path.clone()),
                Some((node, pruning)) => {
                    w.path.clone_from(&task.path);
                    w.cancel = Some((&best, t));
                    w.cancelled = false;
                    let mut found = None;
                    w.walk(node, *pruning, task.g, &mut |path, _| {
                        found = Some(path.to_vec());
                        Control::Stop
                    });
                    found
                }
            };
            counts[t].store(w.nodes - before, Relaxed);
            if let Some(path) = solved {
                let mut a = answer.lock().unwrap_or_else(|e| e.into_inner());
                if a.as_ref().map_or(true, |(k, _)| t < *k) {
                    *a = Some((t, path));
                }
                best.fetch_min(t, Relaxed);
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..how.threads.max(1) {
            scope.spawn(|| work(false));
        }
        work(true);
    });
    let nodes = prefix_nodes + counts.iter().map(|c| c.load(Relaxed)).sum::<u64>();
    if how.busiest_first {
        history.nodes = tasks
            .into_iter()
            .zip(&counts)
            .map(|(t, c)| (t.path, c.load(Relaxed)))
            .collect();
    }
    let found = answer.into_inner().unwrap_or_else(|e| e.into_inner());
    Iteration {
        solution: found.map(|(_, p)| p),
        nodes,
    }
}

/// One threshold walked on this thread alone: short iterations, or one thread without an order
/// of tasks to keep.
fn on_this_thread<T: SearchTree>(
    tree: &T,
    root: &T::Node,
    threshold: u32,
    how: &Parallel,
) -> Iteration {
    let total = AtomicU64::new(0);
    let mut w = Walker::new(tree, threshold);
    w.total = Some(&total);
    w.tick = how.tick;
    let mut found = None;
    w.walk(root, tree.start(), 0, &mut |path, _| {
        found = Some(path.to_vec());
        Control::Stop
    });
    Iteration {
        solution: found,
        nodes: w.nodes,
    }
}

/// The tasks `how.split` moves below the root, in the tree's order, and the children made: the
/// moves but the last on this thread, the last shared among the threads (a split of four moves
/// makes tens of thousands of tasks, and on one thread their look-ups took short searches a
/// tenth of their time).
fn all_prefixes<T>(tree: &T, root: &T::Node, threshold: u32, how: &Parallel) -> (Tasks<T>, u64)
where
    T: SearchTree + Sync,
    T::Node: Clone + Send + Sync,
    T::Pruning: Send + Sync,
{
    let mut upper = Vec::new();
    let mut made = 0;
    let above = how.split.saturating_sub(1);
    prefixes(
        tree,
        root,
        tree.start(),
        0,
        threshold,
        above,
        &mut Vec::new(),
        &mut made,
        &mut upper,
    );
    // Each upper task's own tasks, by its number: those one move further down.
    let next = AtomicUsize::new(0);
    let below: Vec<Mutex<Tasks<T>>> = upper.iter().map(|_| Mutex::new(Vec::new())).collect();
    let made_below = AtomicU64::new(0);
    let work = || {
        let mut made = 0;
        loop {
            let i = next.fetch_add(1, Relaxed);
            if i >= upper.len() {
                break;
            }
            if let Some((node, pruning)) = &upper[i].node {
                let mut out = Vec::new();
                let mut path = upper[i].path.clone();
                let (g, split) = (upper[i].g, how.split);
                prefixes(
                    tree, node, *pruning, g, threshold, split, &mut path, &mut made, &mut out,
                );
                *below[i].lock().unwrap_or_else(|e| e.into_inner()) = out;
            }
        }
        made_below.fetch_add(made, Relaxed);
    };
    std::thread::scope(|scope| {
        for _ in 1..how.threads.max(1) {
            scope.spawn(work);
        }
        work();
    });
    let mut tasks = Vec::new();
    for (task, own) in upper.into_iter().zip(below) {
        match task.node {
            None => tasks.push(task),
            Some(_) => tasks.extend(own.into_inner().unwrap_or_else(|e| e.into_inner())),
        }
    }
    (tasks, made + made_below.load(Relaxed))
}

/// The tasks below `node`: the nodes `depth` moves down that may lie on a path within
/// `threshold`, and the paths solved on the way, in the tree's order.
#[allow(clippy::too_many_arguments)]
fn prefixes<T: SearchTree>(
    tree: &T,
    node: &T::Node,
    pruning: T::Pruning,
    g: u32,
    threshold: u32,
    depth: u32,
    path: &mut Vec<usize>,
    made: &mut u64,
    out: &mut Vec<Task<T::Node, T::Pruning>>,
) where
    T::Node: Clone,
{
    if tree.is_goal(node) {
        out.push(Task {
            path: path.clone(),
            g,
            node: None,
        });
        return;
    }
    if path.len() as u32 == depth || g >= threshold {
        out.push(Task {
            path: path.clone(),
            g,
            node: Some((node.clone(), pruning)),
        });
        return;
    }
    let mut kids = T::Children::default();
    let e = tree.expand(node, pruning, g, threshold, &mut kids);
    *made += e.made;
    for i in 0..e.kept {
        let c = tree.child(&kids, i);
        path.push(c.m);
        let rest = if c.exact { tree.finish(c.node) } else { None };
        match rest {
            Some(rest) => {
                let mut solved = path.clone();
                solved.extend(rest);
                out.push(Task {
                    path: solved,
                    g: g + c.cost,
                    node: None,
                });
            }
            None => prefixes(
                tree,
                c.node,
                c.pruning,
                g + c.cost,
                threshold,
                depth,
                path,
                made,
                out,
            ),
        }
        path.pop();
    }
}
