//! The imports between one crate's module files, read from the source with `syn`: which file takes
//! names from which, its circles, and the folder each file lies in, for the layer rules of
//! `tools/tests/layers.rs`.
//!
//! A file imports another when a path in it (a `use` item or a path in code, `crate::`, `super::`,
//! `self::` or a child module's name first) leads through the crate's modules to the other file's
//! module. Declaring a child module (`mod x;`) is no import; test-only items (`#[cfg(test)]`) and
//! inline modules' files are read as part of the file that holds them. Names taken from a module's
//! ancestors (`super::Shared` in a child of a folder's `mod.rs`) are no import either: a folder's
//! `mod.rs` is the context its files share, and may use them in turn.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// One crate's module files and the imports between them.
pub struct ModuleGraph {
    /// Every module file, by its module path (`["tables", "space"]`); inline modules map to the
    /// file that holds them.
    pub files: BTreeMap<Vec<String>, PathBuf>,
    /// Importing file -> imported file, each with the names of the path that leads there.
    pub imports: BTreeMap<PathBuf, BTreeMap<PathBuf, String>>,
}

/// A module as read: its file and the names of its child modules.
struct Module {
    file: PathBuf,
    children: Vec<String>,
    /// What it re-exports by name (`pub use x::Y` and `pub use x::Z as Y`): `Y` and the path
    /// `x::Z`, read from this module. (Globs are not followed.)
    reexports: Vec<(String, Vec<String>)>,
}

impl ModuleGraph {
    /// The crate whose root file (`src/lib.rs`, `src/main.rs`, `src/bin/x.rs`) is `root`.
    pub fn read(root: &Path) -> Result<ModuleGraph, String> {
        let mut modules = BTreeMap::new();
        let mut parsed = Vec::new();
        collect(root, Vec::new(), &mut modules, &mut parsed)?;
        let mut imports: BTreeMap<PathBuf, BTreeMap<PathBuf, String>> = BTreeMap::new();
        for (path, items) in &parsed {
            let file = &modules[path].file;
            let mut found = Paths::default();
            for item in items {
                found.visit_item(item);
            }
            for segments in found.paths {
                if let Some(target) = through_reexports(&modules, path, &segments) {
                    // A module's ancestors are its context (the shared definitions of a folder's
                    // `mod.rs`, the crate root's): taking names from them is no edge.
                    if path.starts_with(&target) {
                        continue;
                    }
                    let to = &modules[&target].file;
                    if to != file {
                        let entry = imports.entry(file.clone()).or_default();
                        entry
                            .entry(to.clone())
                            .or_insert_with(|| segments.join("::"));
                    }
                }
            }
        }
        let files = modules.into_iter().map(|(k, m)| (k, m.file)).collect();
        Ok(ModuleGraph { files, imports })
    }

    /// The circles: every set of two or more files each reachable from the others (Tarjan's
    /// strongly connected components), each sorted, in file order.
    pub fn circles(&self) -> Vec<Vec<PathBuf>> {
        let nodes: Vec<&PathBuf> = {
            let mut v: Vec<&PathBuf> = self.files.values().collect();
            v.sort();
            v.dedup();
            v
        };
        let index: BTreeMap<&PathBuf, usize> =
            nodes.iter().enumerate().map(|(i, p)| (*p, i)).collect();
        let edges: Vec<Vec<usize>> = nodes
            .iter()
            .map(|p| {
                self.imports
                    .get(*p)
                    .map(|m| m.keys().filter_map(|t| index.get(t).copied()).collect())
                    .unwrap_or_default()
            })
            .collect();
        let mut circles: Vec<Vec<PathBuf>> = strongly_connected(&edges)
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| {
                let mut files: Vec<PathBuf> = c.iter().map(|&i| nodes[i].clone()).collect();
                files.sort();
                files
            })
            .collect();
        circles.sort();
        circles
    }
}

/// Reads the module at `path` from `file` and, depth first, every module below it.
fn collect(
    file: &Path,
    path: Vec<String>,
    modules: &mut BTreeMap<Vec<String>, Module>,
    parsed: &mut Vec<(Vec<String>, Vec<syn::Item>)>,
) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let ast = syn::parse_file(&text).map_err(|e| {
        let at = e.span().start();
        format!("{}:{}:{}: {e}", file.display(), at.line, at.column + 1)
    })?;
    // A module file's children live in the folder named after it (`a.rs` -> `a/`), a root's or a
    // `mod.rs`'s beside it.
    let name = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let dir = match name {
        "mod" | "lib" | "main" => file.parent().unwrap().to_path_buf(),
        _ if path.is_empty() => file.parent().unwrap().to_path_buf(),
        _ => file.parent().unwrap().join(name),
    };
    inline(file, &dir, path, ast.items, modules, parsed)
}

/// The items of one module (a file's, or an inline module's, which keeps its file).
fn inline(
    file: &Path,
    dir: &Path,
    path: Vec<String>,
    items: Vec<syn::Item>,
    modules: &mut BTreeMap<Vec<String>, Module>,
    parsed: &mut Vec<(Vec<String>, Vec<syn::Item>)>,
) -> Result<(), String> {
    let mut children = Vec::new();
    let mut kept = Vec::new();
    let mut below = Vec::new();
    let mut reexports = Vec::new();
    for item in items {
        if is_test_only(&item) {
            continue;
        }
        if let syn::Item::Use(u) = &item {
            if !matches!(u.vis, syn::Visibility::Inherited) {
                let mut named = Vec::new();
                spell_named(&u.tree, &mut Vec::new(), &mut named);
                reexports.extend(named);
            }
        }
        match item {
            syn::Item::Mod(m) => {
                let name = m.ident.to_string();
                children.push(name.clone());
                below.push((name, m.content.map(|(_, items)| items)));
            }
            other => kept.push(other),
        }
    }
    modules.insert(
        path.clone(),
        Module {
            file: file.to_path_buf(),
            children,
            reexports,
        },
    );
    parsed.push((path.clone(), kept));
    for (name, content) in below {
        let mut child = path.clone();
        child.push(name.clone());
        match content {
            Some(items) => inline(file, &dir.join(&name), child, items, modules, parsed)?,
            None => {
                let flat = dir.join(format!("{name}.rs"));
                let nested = dir.join(&name).join("mod.rs");
                let found = if flat.exists() { flat } else { nested };
                collect(&found, child, modules, parsed)?;
            }
        }
    }
    Ok(())
}

/// `#[cfg(test)]` on an item.
fn is_test_only(item: &syn::Item) -> bool {
    let attrs = match item {
        syn::Item::Mod(m) => &m.attrs,
        syn::Item::Use(u) => &u.attrs,
        syn::Item::Fn(f) => &f.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Struct(s) => &s.attrs,
        syn::Item::Const(c) => &c.attrs,
        _ => return false,
    };
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
    })
}

/// The module a path leads to from module `from`, if it names one of the crate's, and how many of
/// its segments lead there (the rest name an item in it).
fn resolve(
    modules: &BTreeMap<Vec<String>, Module>,
    from: &[String],
    segments: &[String],
) -> Option<(Vec<String>, usize)> {
    let mut at: Vec<String> = from.to_vec();
    let mut used = 0;
    match segments.first().map(String::as_str) {
        Some("crate") => {
            at.clear();
            used = 1;
        }
        Some("self") => used = 1,
        Some("super") => {
            while segments.get(used).is_some_and(|s| s == "super") {
                at.pop()?;
                used += 1;
            }
        }
        Some(first) if modules[from].children.iter().any(|c| c == first) => {}
        _ => return None,
    }
    for s in &segments[used..] {
        match modules.get(&at) {
            Some(m) if m.children.iter().any(|c| c == s) => {
                at.push(s.clone());
                used += 1;
            }
            _ => break,
        }
    }
    Some((at, used))
}

/// [`resolve`], then through the re-exports of the module reached: a name that module re-exports
/// leads on to the module it comes from (a few steps at most), so that `use super::Coord`, which
/// a folder's `mod.rs` re-exports from a sibling, is an import of that sibling.
fn through_reexports(
    modules: &BTreeMap<Vec<String>, Module>,
    from: &[String],
    segments: &[String],
) -> Option<Vec<String>> {
    let (mut at, mut used) = resolve(modules, from, segments)?;
    let mut rest: Vec<String> = segments.to_vec();
    for _ in 0..4 {
        let Some(name) = rest.get(used) else {
            break;
        };
        let Some((_, source)) = modules[&at].reexports.iter().find(|(n, _)| n == name) else {
            break;
        };
        let Some((next, next_used)) = resolve(modules, &at, source) else {
            break;
        };
        if next == at {
            break;
        }
        rest = source.clone();
        (at, used) = (next, next_used);
    }
    Some(at)
}

/// A re-export's names and the paths they come from (`pub use a::{b::C, D as E}`: `C` from
/// `a::b::C`, `E` from `a::D`); globs are left out.
fn spell_named(t: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
    match t {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            spell_named(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) if n.ident != "self" => {
            let mut v = prefix.clone();
            v.push(n.ident.to_string());
            out.push((n.ident.to_string(), v));
        }
        syn::UseTree::Rename(r) => {
            let mut v = prefix.clone();
            v.push(r.ident.to_string());
            out.push((r.rename.to_string(), v));
        }
        syn::UseTree::Group(g) => {
            for t in &g.items {
                spell_named(t, prefix, out);
            }
        }
        _ => {}
    }
}

/// Every path of two or more segments in some items: `use` trees spelt out, paths in code.
#[derive(Default)]
struct Paths {
    paths: Vec<Vec<String>>,
}

impl<'a> Visit<'a> for Paths {
    fn visit_item_use(&mut self, u: &'a syn::ItemUse) {
        let mut prefix = Vec::new();
        spell(&u.tree, &mut prefix, &mut self.paths);
    }

    fn visit_path(&mut self, p: &'a syn::Path) {
        if p.segments.len() > 1 {
            self.paths
                .push(p.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_item_mod(&mut self, m: &'a syn::ItemMod) {
        // (An inline module's items are read as its own module's.)
        let _ = m;
    }
}

/// A `use` tree's paths, each whole.
fn spell(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            spell(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let mut v = prefix.clone();
            if n.ident != "self" {
                v.push(n.ident.to_string());
            }
            out.push(v);
        }
        syn::UseTree::Rename(r) => {
            let mut v = prefix.clone();
            v.push(r.ident.to_string());
            out.push(v);
        }
        syn::UseTree::Glob(_) => out.push(prefix.clone()),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                spell(t, prefix, out);
            }
        }
    }
}

/// Tarjan's strongly connected components of a graph given as adjacency lists (iterative, so a
/// long chain of imports cannot overflow the stack).
fn strongly_connected(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = edges.len();
    let (mut index, mut low) = (vec![usize::MAX; n], vec![0; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut out, mut next) = (Vec::new(), Vec::new(), 0);
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        while let Some(&(v, i)) = work.last() {
            if i == 0 {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(i) {
                work.last_mut().unwrap().1 = i + 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut c = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    c.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(c);
            }
        }
    }
    out
}
