//! The `use` items of a shaken library: the leaves that import an item the shaking dropped, or a
//! name nothing left in their module (or below it) mentions, or a module left empty, go.

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
    let resolve = |prefix: &[String]| -> Option<Vec<String>> {
        let mut abs: Vec<String> = match prefix.first().map(String::as_str) {
            Some("crate") => Vec::new(),
            Some("self") | Some("super") => current.to_vec(),
            Some(first) => {
                let mut c = current.to_vec();
                c.push(first.to_string());
                if !defined.iter().any(|(p, _)| *p == c) {
                    return None; // std, or another crate
                }
                current.to_vec()
            }
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
    };
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
    match t {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            let inner = prune_use(&p.tree, prefix, defined, current);
            prefix.pop();
            let mut p = p.clone();
            *p.tree = inner?;
            Some(syn::UseTree::Path(p))
        }
        syn::UseTree::Name(n) => (!dropped(prefix, &n.ident.to_string())).then(|| t.clone()),
        syn::UseTree::Rename(r) => (!dropped(prefix, &r.ident.to_string())).then(|| t.clone()),
        syn::UseTree::Glob(_) => Some(t.clone()),
        syn::UseTree::Group(g) => {
            let mut g = g.clone();
            let items: Vec<syn::UseTree> = g
                .items
                .iter()
                .filter_map(|i| prune_use(i, prefix, defined, current))
                .collect();
            if items.is_empty() {
                return None;
            }
            g.items = items.into_iter().collect();
            Some(syn::UseTree::Group(g))
        }
    }
}

/// Where a `use` stands: the modules' kept names, the modules left empty, and its own module.
pub(super) struct Scope<'a> {
    pub(super) defined: &'a [(Vec<String>, HashSet<String>)],
    pub(super) emptied: &'a [Vec<String>],
    pub(super) current: &'a [String],
}

/// A use tree without the leaves that import from the library a name `names` does not hold (a
/// leaf's name: the item's, a rename's new one, a module's for `self`); `None` if nothing is left.
/// Imports from elsewhere (std, whose traits serve methods unnamed) and globs stay.
pub(super) fn unmentioned(
    t: &syn::UseTree,
    prefix: &mut Vec<String>,
    scope: &Scope,
    names: &HashSet<String>,
) -> Option<syn::UseTree> {
    let library = |prefix: &[String]| match prefix.first().map(String::as_str) {
        Some("crate" | "self" | "super") => true,
        Some(first) => {
            let mut c = scope.current.to_vec();
            c.push(first.to_string());
            scope.defined.iter().any(|(p, _)| *p == c)
        }
        None => false,
    };
    let keep = |name: &str| !library(prefix) || names.contains(name);
    match t {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            let inner = unmentioned(&p.tree, prefix, scope, names);
            prefix.pop();
            let mut p = p.clone();
            *p.tree = inner?;
            Some(syn::UseTree::Path(p))
        }
        syn::UseTree::Name(n) if n.ident == "self" => {
            let module = prefix.last().cloned().unwrap_or_default();
            keep(&module).then(|| t.clone())
        }
        syn::UseTree::Name(n) => keep(&n.ident.to_string()).then(|| t.clone()),
        syn::UseTree::Rename(r) => keep(&r.rename.to_string()).then(|| t.clone()),
        // A glob of a library module the shaking emptied goes (the module is gone).
        syn::UseTree::Glob(_) => {
            let emptied = library(prefix)
                && absolute(prefix, scope.current).is_some_and(|abs| scope.emptied.contains(&abs));
            (!emptied).then(|| t.clone())
        }
        syn::UseTree::Group(g) => {
            let mut g = g.clone();
            let items: Vec<syn::UseTree> = g
                .items
                .iter()
                .filter_map(|i| unmentioned(i, prefix, scope, names))
                .collect();
            if items.is_empty() {
                return None;
            }
            g.items = items.into_iter().collect();
            Some(syn::UseTree::Group(g))
        }
    }
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
