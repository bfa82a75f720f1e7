//! Tree shaking: the library items nothing kept refers to are dropped, and the `use` items left
//! pointing at them.

use crate::prune_use::{drop_dangling, prune_use, unmentioned, use_leaves, Scope};
use quote::ToTokens;
use std::collections::HashSet;

/// Drops library items that nothing kept refers to. References are found by name (every identifier
/// in the kept code's tokens, macro arguments included, except field accesses `x.name` and the
/// `name:` of fields, parameters and bindings, which never name an item), so a name shared by two
/// items keeps both:
/// the result can be larger than needed, never short of an item. Trait `impl` blocks of kept types
/// are kept whole; inherent `impl` blocks keep the methods whose names are called (`x.name(..)`,
/// `Type::name`). `use` items stay while they import something kept and named (`prune_use.rs`).
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
    let before: HashSet<Vec<String>> = bodies.iter().map(|b| b.path.clone()).collect();
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
                        current: &body.path,
                    };
                    match unmentioned(&tree, &scope, names) {
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
    drop_dangling(modules, &before);
}

/// The block when `i` is an inherent `impl` (no trait).
pub(super) fn inherent_impl(i: &syn::Item) -> Option<&syn::ItemImpl> {
    match i {
        syn::Item::Impl(x) if x.trait_.is_none() => Some(x),
        _ => None,
    }
}
