//! The `use` items of a shaken library: the leaves that import an item the shaking dropped, or a
//! name nothing left in their module (or below it) mentions, or a module left empty, go.

use quote::ToTokens;
use std::collections::HashSet;

/// The names a use tree brings into scope (its leaves; a rename's new name).
pub(super) fn use_leaves(t: &syn::UseTree) -> Vec<String> {
    match t {
        syn::UseTree::Path(p) => use_leaves(&p.tree),
        syn::UseTree::Name(n) => vec![n.ident.to_string()],
        syn::UseTree::Rename(r) => vec![r.rename.to_string()],
        syn::UseTree::Glob(_) => vec!["*".to_string()],
        syn::UseTree::Group(g) => g.items.iter().flat_map(use_leaves).collect(),
    }
}

/// A use tree without the leaves whose item was dropped from a library module; `None` if nothing is
/// left. Paths are resolved from `current` (the module the `use` is in): `crate::`, `self::`,
/// `super::`, or a child module's name.
pub(super) fn prune_use(
    t: &syn::UseTree,
    prefix: &mut Vec<String>,
    defined: &[(Vec<String>, HashSet<String>)],
    current: &[String],
) -> Option<syn::UseTree> {
    let resolve = |prefix: &[String]| library_module(prefix, current, defined);
    // A module that re-exports with a glob (`pub use self::x::*`) may offer any name: never
    // pruned through it (its names hold "*").
    let dropped = |prefix: &[String], name: &str| {
        name != "self"
            && resolve(prefix).is_some_and(|abs| {
                defined
                    .iter()
                    .any(|(m, names)| *m == abs && !names.contains(name) && !names.contains("*"))
            })
    };
    retain_leaves(t, prefix, &mut |prefix, leaf| match leaf {
        syn::UseTree::Name(n) => !dropped(prefix, &n.ident.to_string()),
        syn::UseTree::Rename(r) => !dropped(prefix, &r.ident.to_string()),
        _ => true,
    })
}

/// A use tree with only the leaves (names, renames, globs) that `keep(path to the leaf, leaf)`
/// holds; `None` if nothing is left.
fn retain_leaves(
    t: &syn::UseTree,
    prefix: &mut Vec<String>,
    keep: &mut dyn FnMut(&[String], &syn::UseTree) -> bool,
) -> Option<syn::UseTree> {
    match t {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            let inner = retain_leaves(&p.tree, prefix, keep);
            prefix.pop();
            let mut p = p.clone();
            *p.tree = inner?;
            Some(syn::UseTree::Path(p))
        }
        syn::UseTree::Group(g) => {
            let mut g = g.clone();
            let items: Vec<syn::UseTree> = g
                .items
                .iter()
                .filter_map(|i| retain_leaves(i, prefix, keep))
                .collect();
            if items.is_empty() {
                return None;
            }
            g.items = items.into_iter().collect();
            Some(syn::UseTree::Group(g))
        }
        leaf => keep(prefix, leaf).then(|| leaf.clone()),
    }
}

/// Where a `use` stands: the modules' kept names and its own module.
pub(super) struct Scope<'a> {
    pub(super) defined: &'a [(Vec<String>, HashSet<String>)],
    pub(super) current: &'a [String],
}

/// A use tree without the leaves that import from the library a name `names` does not hold (a
/// leaf's name: the item's, a rename's new one, a module's for `self`); `None` if nothing is left.
/// Imports from elsewhere (std, whose traits serve methods unnamed) and globs stay.
pub(super) fn unmentioned(
    t: &syn::UseTree,
    scope: &Scope,
    names: &HashSet<String>,
) -> Option<syn::UseTree> {
    let library =
        |prefix: &[String]| library_module(prefix, scope.current, scope.defined).is_some();
    retain_leaves(t, &mut Vec::new(), &mut |prefix, leaf| {
        let name = match leaf {
            syn::UseTree::Name(n) if n.ident == "self" => {
                prefix.last().cloned().unwrap_or_default()
            }
            syn::UseTree::Name(n) => n.ident.to_string(),
            syn::UseTree::Rename(r) => r.rename.to_string(),
            _ => return true,
        };
        !library(prefix) || names.contains(&name)
    })
}

/// The library module path `prefix` names from module `current`: it starts with `crate`, `self`,
/// `super` or the name of one of `current`'s child modules (anything else is std or another
/// crate: `None`).
fn library_module(
    prefix: &[String],
    current: &[String],
    defined: &[(Vec<String>, HashSet<String>)],
) -> Option<Vec<String>> {
    match prefix.first().map(String::as_str) {
        Some("crate" | "self" | "super") => {}
        Some(first) => {
            let mut c = current.to_vec();
            c.push(first.to_string());
            if !defined.iter().any(|(p, _)| *p == c) {
                return None;
            }
        }
        None => return None,
    }
    absolute(prefix, current)
}

/// The module path `prefix` names from module `current`, if it starts with `crate`, `self` or
/// `super` (a child module's name is taken as relative too).
fn absolute(prefix: &[String], current: &[String]) -> Option<Vec<String>> {
    let mut abs: Vec<String> = match prefix.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        Some(_) => current.to_vec(),
        None => return None,
    };
    let skip = usize::from(matches!(prefix[0].as_str(), "crate" | "self"));
    for seg in &prefix[skip..] {
        if seg == "super" {
            abs.pop()?;
        } else {
            abs.push(seg.clone());
        }
    }
    Some(abs)
}

/// After reassembly: the imports of library modules that were there before the shaking and are
/// gone now (left empty, and dropped) go, and so do the modules this leaves empty, until nothing
/// changes. (A path through an enum or a type was never a module: it stays.)
pub(super) fn drop_dangling(modules: &mut [syn::Item], before: &HashSet<Vec<String>>) {
    loop {
        let mut now = HashSet::new();
        for m in modules.iter() {
            existing(m, Vec::new(), &mut now);
        }
        let mut changed = false;
        for m in modules.iter_mut() {
            if let syn::Item::Mod(m) = m {
                changed |= dangling_in(m, vec![m.ident.to_string()], before, &now);
            }
        }
        if !changed {
            break;
        }
    }
}

/// Every module below `item` (itself included) that still has items, by path.
fn existing(item: &syn::Item, mut path: Vec<String>, out: &mut HashSet<Vec<String>>) {
    if let syn::Item::Mod(m) = item {
        path.push(m.ident.to_string());
        if let Some((_, items)) = &m.content {
            if !items.is_empty() {
                out.insert(path.clone());
            }
            for i in items {
                existing(i, path.clone(), out);
            }
        }
    }
}

/// Drops the dangling imports of module `m` (at `path`) and below, and its emptied children; true
/// if anything went.
fn dangling_in(
    m: &mut syn::ItemMod,
    path: Vec<String>,
    before: &HashSet<Vec<String>>,
    now: &HashSet<Vec<String>>,
) -> bool {
    let Some((_, items)) = &mut m.content else {
        return false;
    };
    let mut changed = false;
    let mut kept = Vec::new();
    for mut item in std::mem::take(items) {
        match &mut item {
            syn::Item::Use(u) => match live(&u.tree, &path, before, now) {
                Some(tree) => {
                    let text = |t: &syn::UseTree| t.to_token_stream().to_string();
                    changed |= text(&tree) != text(&u.tree);
                    u.tree = tree;
                }
                None => {
                    changed = true;
                    continue;
                }
            },
            syn::Item::Mod(child) => {
                let mut p = path.clone();
                p.push(child.ident.to_string());
                changed |= dangling_in(child, p, before, now);
                if child.content.as_ref().is_some_and(|(_, v)| v.is_empty()) {
                    changed = true;
                    continue;
                }
            }
            _ => {}
        }
        kept.push(item);
    }
    *items = kept;
    changed
}

/// A use tree without the leaves whose module (a glob's, or a name's parent) was a library module
/// before the shaking and is gone; `None` if nothing is left.
fn live(
    t: &syn::UseTree,
    current: &[String],
    before: &HashSet<Vec<String>>,
    now: &HashSet<Vec<String>>,
) -> Option<syn::UseTree> {
    retain_leaves(t, &mut Vec::new(), &mut |prefix, _| {
        !absolute(prefix, current).is_some_and(|abs| before.contains(&abs) && !now.contains(&abs))
    })
}
