//! Tree shaking: the library items nothing kept refers to are dropped, and the `use` items left
//! pointing at them.

use quote::ToTokens;
use std::collections::HashSet;

/// Drops library items that nothing kept refers to. References are found by name (every identifier
/// in the kept code's tokens, macro arguments included, except field accesses `x.name` and the
/// `name:` of fields, parameters and bindings, which never name an item), so a name shared by two
/// items keeps both:
/// the result can be larger than needed, never short of an item. `use` items and trait `impl` blocks of
/// kept types are kept whole; inherent `impl` blocks keep the methods whose names are called
/// (`x.name(..)`, `Type::name`).
pub(super) fn shake(root: &[syn::Item], modules: &mut [syn::Item]) {
    fn idents(t: &impl ToTokens, out: &mut HashSet<String>) {
        use proc_macro2::{Delimiter, Spacing, TokenTree};
        fn punct(t: Option<&TokenTree>, c: char) -> Option<Spacing> {
            match t {
                Some(TokenTree::Punct(p)) if p.as_char() == c => Some(p.spacing()),
                _ => None,
            }
        }
        fn walk(ts: proc_macro2::TokenStream, out: &mut HashSet<String>) {
            let tts: Vec<TokenTree> = ts.into_iter().collect();
            for (k, tt) in tts.iter().enumerate() {
                match tt {
                    TokenTree::Ident(i) => {
                        let before = |b: usize| k.checked_sub(b).map(|j| &tts[j]);
                        let next = tts.get(k + 1);
                        let call = matches!(next, Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
                            || punct(next, ':') == Some(Spacing::Joint);
                        // `x.name` without a call is a field, never an item (`..name` is a range).
                        let field = punct(before(1), '.').is_some()
                            && punct(before(2), '.').is_none()
                            && !call;
                        // `name: ...` names a field, a parameter or a binding, never an item.
                        let label = punct(next, ':') == Some(Spacing::Alone);
                        if !field && !label {
                            out.insert(i.to_string());
                        }
                        // Where a method can be named: `x.name(`, `x.name::<`, `Path::name`.
                        // Kept as ".name", for inherent methods (a local or a field of that name
                        // does not keep a method).
                        let path =
                            punct(before(1), ':').is_some() && punct(before(2), ':').is_some();
                        if (punct(before(1), '.').is_some() && call) || path {
                            out.insert(format!(".{i}"));
                        }
                    }
                    TokenTree::Group(g) => walk(g.stream(), out),
                    _ => {}
                }
            }
        }
        walk(t.to_token_stream(), out);
    }
    fn name(i: &syn::Item) -> Option<String> {
        match i {
            syn::Item::Const(x) => Some(x.ident.to_string()),
            syn::Item::Enum(x) => Some(x.ident.to_string()),
            syn::Item::Fn(x) => Some(x.sig.ident.to_string()),
            syn::Item::Static(x) => Some(x.ident.to_string()),
            syn::Item::Struct(x) => Some(x.ident.to_string()),
            syn::Item::Trait(x) => Some(x.ident.to_string()),
            syn::Item::Type(x) => Some(x.ident.to_string()),
            syn::Item::Union(x) => Some(x.ident.to_string()),
            syn::Item::Macro(x) => x.ident.as_ref().map(|i| i.to_string()),
            syn::Item::Impl(x) => match &*x.self_ty {
                syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
                _ => None,
            },
            _ => None,
        }
    }
    let mut used = HashSet::new();
    for i in root {
        idents(i, &mut used);
    }
    // Every module body, nested ones included, as a flat list; a nested module stays in its parent
    // as an empty shell, filled again from its own (shaken) body at the end.
    struct Body {
        path: Vec<String>,
        items: Vec<(syn::Item, bool, Vec<bool>)>,
    }
    fn flatten(m: &mut syn::ItemMod, path: Vec<String>, bodies: &mut Vec<Body>) {
        let Some((_, content)) = m.content.take() else {
            return;
        };
        let at = bodies.len();
        bodies.push(Body {
            path: path.clone(),
            items: Vec::new(),
        });
        let mut items = Vec::new();
        for mut i in content {
            if let syn::Item::Mod(child) = &mut i {
                let mut p = path.clone();
                p.push(child.ident.to_string());
                flatten(child, p, bodies);
            }
            // Inherent `impl` blocks are kept method by method: a method stays only if its name is
            // used (trait impls stay whole, as the trait needs every method).
            let n = inherent_impl(&i).map_or(0, |x| x.items.len());
            items.push((i, false, vec![false; n]));
        }
        bodies[at].items = items;
    }
    let mut bodies = Vec::new();
    for m in modules.iter_mut() {
        if let syn::Item::Mod(m) = m {
            let path = vec![m.ident.to_string()];
            flatten(m, path, &mut bodies);
        }
    }
    loop {
        let mut changed = false;
        for body in bodies.iter_mut() {
            for (item, kept, methods) in body.items.iter_mut() {
                if !*kept {
                    let keep = match &*item {
                        syn::Item::Use(_) | syn::Item::Mod(_) => true,
                        // An `extern` block stays (whole) if a function it declares is called:
                        // it has no name of its own. One that nothing calls goes, which matters
                        // beyond size: edition 2024 wants `unsafe extern`, which Rust 1.63
                        // refuses, so only bundles that map files may carry one.
                        syn::Item::ForeignMod(f) => f.items.iter().any(|i| match i {
                            syn::ForeignItem::Fn(x) => used.contains(&x.sig.ident.to_string()),
                            syn::ForeignItem::Static(x) => used.contains(&x.ident.to_string()),
                            _ => false,
                        }),
                        other => name(other).is_some_and(|n| used.contains(&n)),
                    };
                    if keep {
                        *kept = true;
                        changed = true;
                        match inherent_impl(item) {
                            // The block's header (self type, generics); its items one by one below.
                            Some(imp) => {
                                idents(&imp.self_ty, &mut used);
                                idents(&imp.generics, &mut used);
                            }
                            None if !matches!(item, syn::Item::Use(_) | syn::Item::Mod(_)) => {
                                idents(&*item, &mut used)
                            }
                            None => {}
                        }
                    }
                }
                if !*kept {
                    continue;
                }
                if let Some(imp) = inherent_impl(item) {
                    for (member, m_kept) in imp.items.iter().zip(methods.iter_mut()) {
                        let needed = match member {
                            syn::ImplItem::Fn(f) => used.contains(&format!(".{}", f.sig.ident)),
                            _ => true,
                        };
                        if needed && !*m_kept {
                            *m_kept = true;
                            changed = true;
                            idents(member, &mut used);
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    // What each module still defines (items kept, and its child modules), so that a `use` of a
    // dropped item can go too.
    let defined: Vec<(Vec<String>, HashSet<String>)> = bodies
        .iter()
        .map(|b| {
            let names = b
                .items
                .iter()
                .filter(|(_, k, _)| *k)
                .flat_map(|(i, _, _)| match i {
                    syn::Item::Mod(m) => vec![m.ident.to_string()],
                    // Names a `use` brings in count too (a re-export stands for the item).
                    syn::Item::Use(u) => use_leaves(&u.tree),
                    other => name(other).into_iter().collect(),
                })
                .collect();
            (b.path.clone(), names)
        })
        .collect();
    // The names each module's kept code mentions, its descendants' included (a private `use` is
    // seen by child modules through `super::`), and the library's traits (a trait in scope serves
    // its methods without being named): a `use` of the library whose names none of them mentions
    // goes too, or an emptied module would keep, through its imports, modules nothing needs.
    let traits: HashSet<String> = bodies
        .iter()
        .flat_map(|b| b.items.iter())
        .filter_map(|(i, k, _)| match i {
            syn::Item::Trait(t) if *k => Some(t.ident.to_string()),
            _ => None,
        })
        .collect();
    let own: Vec<HashSet<String>> = bodies
        .iter()
        .map(|b| {
            let mut names = HashSet::new();
            for (item, _, methods) in b.items.iter().filter(|(_, k, _)| *k) {
                match item {
                    syn::Item::Use(_) | syn::Item::Mod(_) => {}
                    syn::Item::Impl(imp) if imp.trait_.is_none() => {
                        idents(&imp.self_ty, &mut names);
                        idents(&imp.generics, &mut names);
                        for (m, m_kept) in imp.items.iter().zip(methods) {
                            if *m_kept {
                                idents(m, &mut names);
                            }
                        }
                    }
                    other => idents(other, &mut names),
                }
            }
            names
        })
        .collect();
    // Modules left with nothing but imports: they go at reassembly, and globs of them with them.
    let emptied: Vec<Vec<String>> = bodies
        .iter()
        .filter(|b| {
            b.items.iter().all(|(i, k, _)| {
                !*k || matches!(i, syn::Item::Use(_))
                    || matches!(i, syn::Item::Mod(m) if m.content.is_none())
            })
        })
        .map(|b| b.path.clone())
        .collect();
    let mentioned: Vec<HashSet<String>> = bodies
        .iter()
        .map(|b| {
            let mut names = traits.clone();
            for (c, n) in bodies.iter().zip(&own) {
                if c.path.starts_with(&b.path) {
                    names.extend(n.iter().cloned());
                }
            }
            names
        })
        .collect();
    // Reassemble from the innermost modules out (bodies are in pre-order, so children come later).
    let mut done: Vec<(Vec<String>, Vec<syn::Item>)> = Vec::new();
    for (body, mentioned) in bodies.into_iter().zip(mentioned).rev() {
        let mut kept = Vec::new();
        for (mut item, k, methods) in body.items {
            if !k {
                continue;
            }
            match &mut item {
                syn::Item::Impl(imp) if imp.trait_.is_none() => {
                    let mut keep = methods.into_iter();
                    imp.items.retain(|_| keep.next().unwrap_or(true));
                }
                syn::Item::Use(u) => {
                    let Some(tree) = prune_use(&u.tree, &mut Vec::new(), &defined, &body.path)
                    else {
                        continue;
                    };
                    // A re-export may be named from anywhere; a private import only below here.
                    let names = match u.vis {
                        syn::Visibility::Inherited => &mentioned,
                        _ => &used,
                    };
                    let scope = Scope {
                        defined: &defined,
                        emptied: &emptied,
                        current: &body.path,
                    };
                    match unmentioned(&tree, &mut Vec::new(), &scope, names) {
                        Some(tree) => u.tree = tree,
                        None => continue,
                    }
                }
                syn::Item::Mod(m) if m.content.is_none() => {
                    let mut p = body.path.clone();
                    p.push(m.ident.to_string());
                    let Some(at) = done.iter().position(|(q, _)| *q == p) else {
                        continue;
                    };
                    let inner = done.remove(at).1;
                    if inner.is_empty() {
                        continue;
                    }
                    m.content = Some((Default::default(), inner));
                    m.semi = None;
                }
                _ => {}
            }
            kept.push(item);
        }
        done.push((body.path, kept));
    }
    for m in modules.iter_mut() {
        if let syn::Item::Mod(m) = m {
            let path = vec![m.ident.to_string()];
            let inner = done
                .iter()
                .position(|(q, _)| *q == path)
                .map(|at| done.remove(at).1)
                .unwrap_or_default();
            m.content = Some((Default::default(), inner));
        }
    }
}

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

/// The block when `i` is an inherent `impl` (no trait).
pub(super) fn inherent_impl(i: &syn::Item) -> Option<&syn::ItemImpl> {
    match i {
        syn::Item::Impl(x) if x.trait_.is_none() => Some(x),
        _ => None,
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
struct Scope<'a> {
    defined: &'a [(Vec<String>, HashSet<String>)],
    emptied: &'a [Vec<String>],
    current: &'a [String],
}

/// A use tree without the leaves that import from the library a name `names` does not hold (a
/// leaf's name: the item's, a rename's new one, a module's for `self`); `None` if nothing is left.
/// Imports from elsewhere (std, whose traits serve methods unnamed) and globs stay.
fn unmentioned(
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
