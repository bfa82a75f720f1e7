//! The bundler: one judge binary plus the library modules it uses, as one std-only `.rs` file.
//!
//! The binary's items stay at the root; the library becomes `mod twisty { pub mod coord { .. } .. }`, so
//! the binary's `use twisty::..` paths resolve unchanged, and the library's `crate::x` paths are
//! rewritten to `crate::twisty::x`. Only modules reachable from the binary's paths are included;
//! `#[cfg(test)]` items, `#[test]` functions and doc comments are dropped; the result is formatted by
//! `prettyplease` and re-indented two spaces a level (or packed onto few lines with `--minify`).

use proc_macro2::Span;
use quote::ToTokens;
use std::collections::{BTreeSet, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use syn::visit::Visit;
use syn::visit_mut::VisitMut;

/// Where a bundle is going: which crates exist there and how large a source may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    Aoj,
    Atcoder,
    Boj,
    Codeforces,
    Hdu,
    Mipt,
    /// Plain `rustc` with no crates: the strictest, and the default.
    Plain,
}

impl Judge {
    pub const ALL: [(&'static str, Judge); 7] = [
        ("aoj", Judge::Aoj),
        ("atcoder", Judge::Atcoder),
        ("boj", Judge::Boj),
        ("codeforces", Judge::Codeforces),
        ("hdu", Judge::Hdu),
        ("mipt", Judge::Mipt),
        ("plain", Judge::Plain),
    ];

    pub fn parse(s: &str) -> Option<Judge> {
        Judge::ALL.iter().find(|(n, _)| *n == s).map(|&(_, j)| j)
    }

    pub fn name(self) -> &'static str {
        Judge::ALL
            .iter()
            .find(|(_, j)| *j == self)
            .map_or("?", |(n, _)| n)
    }

    /// External crates the judge provides.
    pub fn crates(self) -> &'static [&'static str] {
        match self {
            Judge::Atcoder => &["proconio", "itertools"],
            _ => &[],
        }
    }

    /// Source size limit in bytes. Codeforces' 64 KB is documented; the others are taken as 64 KB
    /// too except AtCoder (512 KiB).
    pub fn source_limit(self) -> usize {
        match self {
            Judge::Atcoder => 512 * 1024,
            _ => 64 * 1024,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub judge: Judge,
    pub minify: bool,
    /// The library's name as the binary spells it.
    pub lib_name: String,
}

/// A finished bundle.
#[derive(Clone, Debug)]
pub struct Bundle {
    pub code: String,
    /// Library modules included, in order.
    pub modules: Vec<String>,
}

/// Why a binary cannot be bundled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BundleError(pub String);

impl std::fmt::Display for BundleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, BundleError> {
    Err(BundleError(msg.into()))
}

fn parse(path: &Path) -> Result<syn::File, BundleError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| BundleError(format!("cannot read {}: {e}", path.display())))?;
    syn::parse_file(&text).map_err(|e| {
        let at = e.span().start();
        BundleError(format!(
            "{}:{}:{}: cannot parse: {e}",
            path.display(),
            at.line,
            at.column + 1
        ))
    })
}

/// Bundles `bin` (a binary's source file) with the library whose `lib.rs` is in `lib_dir`.
pub fn bundle(lib_dir: &Path, bin: &Path, opts: &Options) -> Result<Bundle, BundleError> {
    let package = lib_dir.parent().unwrap_or(lib_dir);
    if package.join("build.rs").exists() {
        return err(format!(
            "{} has a build script, which a judge cannot run",
            package.display()
        ));
    }
    let lib_file = lib_dir.join("lib.rs");
    let lib = parse(&lib_file)?;
    let mut binary = parse(bin)?;
    binary.items = strip(binary.items);
    check_allowed(&binary, bin, opts, &local_names(&binary.items))?;

    // Modules reachable from the binary, following `crate::` paths inside the library.
    let declared: Vec<String> = lib
        .items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Mod(m) if m.content.is_none() => Some(m.ident.to_string()),
            _ => None,
        })
        .collect();
    let mut needed = BTreeSet::new();
    let mut queue: VecDeque<String> = first_segments_after(&binary, &opts.lib_name)
        .into_iter()
        .collect();
    let mut files: Vec<(String, syn::File, PathBuf)> = Vec::new();
    while let Some(m) = queue.pop_front() {
        if !declared.contains(&m) || !needed.insert(m.clone()) {
            continue;
        }
        let path = module_path(lib_dir, &m)?;
        let mut file = parse(&path)?;
        file.items = strip(file.items);
        // Child modules of `m.rs` live in `m/`; those of `m/mod.rs` beside it.
        let child_dir = if path.file_name().is_some_and(|f| f == "mod.rs") {
            path.parent().unwrap_or(lib_dir).to_path_buf()
        } else {
            path.with_extension("")
        };
        inline_child_modules(&mut file.items, &child_dir)?;
        check_allowed(&file, &path, opts, &local_names(&file.items))?;
        // The modules used by this one and by its children.
        queue.extend(first_segments_after(&file, "crate"));
        files.push((m, file, path));
    }

    // The library module tree, in lib.rs order.
    let mut lib_items: Vec<syn::Item> = Vec::new();
    for name in &declared {
        let Some((_, file, _)) = files.iter().find(|(m, _, _)| m == name) else {
            continue;
        };
        let items = file.items.clone();
        let ident = syn::Ident::new(name, Span::call_site());
        lib_items.push(syn::Item::Mod(
            syn::parse_quote! { pub mod #ident { #(#items)* } },
        ));
    }
    shake(&binary.items, &mut lib_items);
    lib_items.retain(|m| !matches!(m, syn::Item::Mod(m) if m.content.as_ref().is_some_and(|(_, v)| v.is_empty())));
    let modules: Vec<String> = lib_items
        .iter()
        .filter_map(|m| match m {
            syn::Item::Mod(m) => Some(m.ident.to_string()),
            _ => None,
        })
        .collect();
    // lib.rs's own items other than module declarations (re-exports and the like).
    lib_items.extend(
        strip(lib.items.clone())
            .into_iter()
            .filter(|i| !matches!(i, syn::Item::Mod(m) if m.content.is_none())),
    );
    let mut lib_mod: syn::ItemMod = syn::parse_quote! {
        #[allow(dead_code, unused_imports, clippy::all)]
        pub mod placeholder { #(#lib_items)* }
    };
    lib_mod.ident = syn::Ident::new(&opts.lib_name, Span::call_site());
    RewriteCrate {
        lib: opts.lib_name.clone(),
    }
    .visit_item_mod_mut(&mut lib_mod);

    binary.attrs.retain(|a| !a.path().is_ident("doc"));
    if !modules.is_empty() {
        binary.items.push(syn::Item::Mod(lib_mod));
    }
    let header = format!(
        "// {} bundled by twisty's tools/bundle for {}: library modules {}.\n// Compile alone: rustc --edition 2021 -O {}.rs\n",
        bin.file_stem().and_then(|s| s.to_str()).unwrap_or("binary"),
        opts.judge.name(),
        if modules.is_empty() { "none".to_string() } else { modules.join(", ") },
        bin.file_stem().and_then(|s| s.to_str()).unwrap_or("binary"),
    );
    let body = if opts.minify {
        binary.to_token_stream().to_string() + "\n"
    } else {
        two_space_indent(&prettyplease::unparse(&binary))
    };
    Ok(Bundle {
        code: header + &body,
        modules,
    })
}

/// Halves the indentation of prettyplease's output (4 spaces a level): the library sits three or
/// four modules deep in a bundle, so indentation was over 40 % of its bytes, and judges count bytes.
/// A line that starts inside a string literal (a `\` continuation, or a literal newline) keeps its
/// spaces: they may be part of the string.
pub fn two_space_indent(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut open = Open::Code;
    for line in code.split_inclusive('\n') {
        if open == Open::Code {
            let body = line.trim_start_matches(' ');
            out.push_str(&line[..(line.len() - body.len()) / 2]);
            out.push_str(body);
        } else {
            out.push_str(line);
        }
        open = open.after(line);
    }
    out
}

/// What is open at a point of Rust source without comments: code, a string, or a raw string with
/// so many hashes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Open {
    Code,
    Str,
    Raw(usize),
}

impl Open {
    /// What is open after `text`, starting from `self`. Knows escapes, raw strings (`r#"..."#`,
    /// `br".."`), character literals (`'x'`, `'\n'`, `'\u{..}'`) and lifetimes (`'a`).
    fn after(self, text: &str) -> Open {
        let c: Vec<char> = text.chars().collect();
        let mut open = self;
        let mut i = 0;
        while i < c.len() {
            match (open, c[i]) {
                (Open::Str, '\\') => i += 1,
                (Open::Str, '"') => open = Open::Code,
                (Open::Raw(n), '"')
                    if c[i + 1..].iter().take_while(|&&h| h == '#').count() >= n =>
                {
                    open = Open::Code;
                    i += n;
                }
                (Open::Code, '"') => {
                    let mut j = i;
                    while j > 0 && c[j - 1] == '#' {
                        j -= 1;
                    }
                    // An `r` (or `br`) that starts a token, not the end of a name like `bar`.
                    let starts =
                        |k: usize| k == 0 || !(c[k - 1].is_alphanumeric() || c[k - 1] == '_');
                    let raw = j > 0
                        && c[j - 1] == 'r'
                        && (starts(j - 1) || (j > 1 && c[j - 2] == 'b' && starts(j - 2)));
                    open = if raw { Open::Raw(i - j) } else { Open::Str };
                }
                (Open::Code, '\'') => {
                    if c.get(i + 1) == Some(&'\\') {
                        // Past the quote, the backslash and the escaped character (`'\''`).
                        i += 3;
                        while i < c.len() && c[i] != '\'' {
                            i += 1;
                        }
                    } else if c.get(i + 2) == Some(&'\'') {
                        i += 2;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        open
    }
}

/// Drops library items that nothing kept refers to. References are found by name (every identifier
/// in the kept code's tokens, macro arguments included), so a name shared by two items keeps both:
/// the result can be larger than needed, never short of an item. `use` items and trait `impl` blocks of
/// kept types are kept whole; inherent `impl` blocks keep the methods whose names are used.
fn shake(root: &[syn::Item], modules: &mut [syn::Item]) {
    fn idents(t: &impl ToTokens, out: &mut HashSet<String>) {
        fn walk(ts: proc_macro2::TokenStream, out: &mut HashSet<String>) {
            for tt in ts {
                match tt {
                    proc_macro2::TokenTree::Ident(i) => {
                        out.insert(i.to_string());
                    }
                    proc_macro2::TokenTree::Group(g) => walk(g.stream(), out),
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
                            syn::ImplItem::Fn(f) => used.contains(&f.sig.ident.to_string()),
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
    // Reassemble from the innermost modules out (bodies are in pre-order, so children come later).
    let mut done: Vec<(Vec<String>, Vec<syn::Item>)> = Vec::new();
    for body in bodies.into_iter().rev() {
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
                    match prune_use(&u.tree, &mut Vec::new(), &defined, &body.path) {
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
fn use_leaves(t: &syn::UseTree) -> Vec<String> {
    match t {
        syn::UseTree::Path(p) => use_leaves(&p.tree),
        syn::UseTree::Name(n) => vec![n.ident.to_string()],
        syn::UseTree::Rename(r) => vec![r.rename.to_string()],
        syn::UseTree::Glob(_) => vec!["*".to_string()],
        syn::UseTree::Group(g) => g.items.iter().flat_map(use_leaves).collect(),
    }
}

/// The block when `i` is an inherent `impl` (no trait).
fn inherent_impl(i: &syn::Item) -> Option<&syn::ItemImpl> {
    match i {
        syn::Item::Impl(x) if x.trait_.is_none() => Some(x),
        _ => None,
    }
}

/// A use tree without the leaves whose item was dropped from a library module; `None` if nothing is
/// left. Paths are resolved from `current` (the module the `use` is in): `crate::`, `self::`,
/// `super::`, or a child module's name.
fn prune_use(
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

fn module_path(dir: &Path, name: &str) -> Result<PathBuf, BundleError> {
    let flat = dir.join(format!("{name}.rs"));
    let nested = dir.join(name).join("mod.rs");
    if flat.exists() {
        Ok(flat)
    } else if nested.exists() {
        Ok(nested)
    } else {
        err(format!(
            "module `{name}` has no file {} or {}",
            flat.display(),
            nested.display()
        ))
    }
}

/// Replaces `mod x;` with the contents of `dir/x.rs` (or `dir/x/mod.rs`), recursively.
fn inline_child_modules(items: &mut [syn::Item], dir: &Path) -> Result<(), BundleError> {
    for item in items.iter_mut() {
        if let syn::Item::Mod(m) = item {
            if m.content.is_none() {
                let path = module_path(dir, &m.ident.to_string())?;
                let mut child = strip(parse(&path)?.items);
                inline_child_modules(&mut child, &dir.join(m.ident.to_string()))?;
                m.content = Some((Default::default(), child));
                m.semi = None;
            }
        }
    }
    Ok(())
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || (a.path().is_ident("cfg")
                && a.meta.to_token_stream().to_string().replace(' ', "") == "cfg(test)")
    })
}

/// Drops test-only items and doc comments, recursively.
fn strip(items: Vec<syn::Item>) -> Vec<syn::Item> {
    struct Strip;
    impl VisitMut for Strip {
        fn visit_attributes_mut(&mut self, attrs: &mut Vec<syn::Attribute>) {
            attrs.retain(|a| !a.path().is_ident("doc"));
        }
        fn visit_item_mod_mut(&mut self, m: &mut syn::ItemMod) {
            if let Some((_, items)) = &mut m.content {
                items.retain(|i| !is_test_only(item_attrs(i)));
            }
            syn::visit_mut::visit_item_mod_mut(self, m);
        }
        fn visit_item_impl_mut(&mut self, i: &mut syn::ItemImpl) {
            i.items.retain(|it| match it {
                syn::ImplItem::Fn(f) => !is_test_only(&f.attrs),
                _ => true,
            });
            syn::visit_mut::visit_item_impl_mut(self, i);
        }
    }
    let mut items: Vec<syn::Item> = items
        .into_iter()
        .filter(|i| !is_test_only(item_attrs(i)))
        .collect();
    for i in &mut items {
        Strip.visit_item_mut(i);
    }
    items
}

fn item_attrs(i: &syn::Item) -> &[syn::Attribute] {
    match i {
        syn::Item::Const(x) => &x.attrs,
        syn::Item::Enum(x) => &x.attrs,
        syn::Item::Fn(x) => &x.attrs,
        syn::Item::Impl(x) => &x.attrs,
        syn::Item::Mod(x) => &x.attrs,
        syn::Item::Static(x) => &x.attrs,
        syn::Item::Struct(x) => &x.attrs,
        syn::Item::Trait(x) => &x.attrs,
        syn::Item::Type(x) => &x.attrs,
        syn::Item::Use(x) => &x.attrs,
        syn::Item::Macro(x) => &x.attrs,
        _ => &[],
    }
}

/// `crate::x` becomes `crate::<lib>::x`; visibilities like `pub(crate)` stay as they are.
struct RewriteCrate {
    lib: String,
}

impl VisitMut for RewriteCrate {
    fn visit_path_mut(&mut self, p: &mut syn::Path) {
        if p.segments.first().is_some_and(|s| s.ident == "crate") && p.segments.len() > 1 {
            let lib = syn::PathSegment::from(syn::Ident::new(&self.lib, Span::call_site()));
            p.segments.insert(1, lib);
        }
        syn::visit_mut::visit_path_mut(self, p);
    }
    fn visit_use_tree_mut(&mut self, t: &mut syn::UseTree) {
        if let syn::UseTree::Path(p) = t {
            if p.ident == "crate" {
                let inner = std::mem::replace(
                    &mut *p.tree,
                    syn::UseTree::Glob(syn::UseGlob {
                        star_token: Default::default(),
                    }),
                );
                *p.tree = syn::UseTree::Path(syn::UsePath {
                    ident: syn::Ident::new(&self.lib, Span::call_site()),
                    colon2_token: Default::default(),
                    tree: Box::new(inner),
                });
                return;
            }
        }
        syn::visit_mut::visit_use_tree_mut(self, t);
    }
    fn visit_visibility_mut(&mut self, _: &mut syn::Visibility) {}
}

/// Second segments of paths (and `use` trees) whose first segment is `first`: the modules used.
fn first_segments_after(file: &syn::File, first: &str) -> BTreeSet<String> {
    struct Collect<'a> {
        first: &'a str,
        out: BTreeSet<String>,
    }
    impl<'ast> Visit<'ast> for Collect<'_> {
        fn visit_path(&mut self, p: &'ast syn::Path) {
            let segs: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
            if segs.len() > 1 && segs[0] == self.first {
                self.out.insert(segs[1].clone());
            }
            syn::visit::visit_path(self, p);
        }
        fn visit_use_tree(&mut self, t: &'ast syn::UseTree) {
            if let syn::UseTree::Path(p) = t {
                if p.ident == self.first {
                    use_names(&p.tree, &mut self.out);
                    return;
                }
            }
            syn::visit::visit_use_tree(self, t);
        }
        fn visit_macro(&mut self, m: &'ast syn::Macro) {
            // Paths inside macro calls (format!, assert!) are tokens, not parsed paths.
            let text = m.tokens.to_string().replace(' ', "");
            let pat = format!("{}::", self.first);
            for (i, _) in text.match_indices(&pat) {
                let rest = &text[i + pat.len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    self.out.insert(name);
                }
            }
            syn::visit::visit_macro(self, m);
        }
    }
    let mut c = Collect {
        first,
        out: BTreeSet::new(),
    };
    c.visit_file(file);
    c.out
}

/// The first names of a use tree (`{a::b, c}` gives a and c).
fn use_names(t: &syn::UseTree, out: &mut BTreeSet<String>) {
    match t {
        syn::UseTree::Path(p) => {
            out.insert(p.ident.to_string());
        }
        syn::UseTree::Name(n) => {
            out.insert(n.ident.to_string());
        }
        syn::UseTree::Rename(r) => {
            out.insert(r.ident.to_string());
        }
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| use_names(t, out)),
        syn::UseTree::Glob(_) => {}
    }
}

/// Names defined at the top of a file (modules, items), which `use` paths may start from.
fn local_names(items: &[syn::Item]) -> BTreeSet<String> {
    items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Mod(x) => Some(x.ident.to_string()),
            syn::Item::Enum(x) => Some(x.ident.to_string()),
            syn::Item::Struct(x) => Some(x.ident.to_string()),
            syn::Item::Trait(x) => Some(x.ident.to_string()),
            syn::Item::Type(x) => Some(x.ident.to_string()),
            _ => None,
        })
        .collect()
}

const STD_DERIVES: [&str; 9] = [
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "Eq",
    "Hash",
    "Ord",
    "PartialEq",
    "PartialOrd",
];

/// Refuses what a judge cannot compile: other crates, procedural macros, files read at compile time.
fn check_allowed(
    file: &syn::File,
    path: &Path,
    opts: &Options,
    locals: &BTreeSet<String>,
) -> Result<(), BundleError> {
    struct Check<'a> {
        allowed: Vec<&'a str>,
        locals: &'a BTreeSet<String>,
        problems: Vec<(usize, String)>,
        judge: Judge,
    }
    impl Check<'_> {
        fn crate_name(&mut self, name: &str, line: usize) {
            if !self.allowed.contains(&name)
                && !self.locals.contains(name)
                && name.chars().next().is_some_and(|c| c.is_lowercase())
            {
                let why = if self.judge.crates().is_empty() {
                    format!("{} offers no external crates", self.judge.name())
                } else {
                    format!(
                        "{} offers only {}",
                        self.judge.name(),
                        self.judge.crates().join(", ")
                    )
                };
                self.problems
                    .push((line, format!("uses the crate `{name}`, but {why}")));
            }
        }
    }
    impl<'ast> Visit<'ast> for Check<'_> {
        fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
            let mut names = BTreeSet::new();
            use_names(&u.tree, &mut names);
            let line = u.use_token.span.start().line;
            for n in names {
                self.crate_name(&n, line);
            }
        }
        fn visit_item_extern_crate(&mut self, e: &'ast syn::ItemExternCrate) {
            self.crate_name(&e.ident.to_string(), e.ident.span().start().line);
        }
        fn visit_macro(&mut self, m: &'ast syn::Macro) {
            let name = m
                .path
                .segments
                .last()
                .map(|s| s.ident.to_string())
                .unwrap_or_default();
            let line = m
                .path
                .segments
                .first()
                .map_or(0, |s| s.ident.span().start().line);
            if ["include_bytes", "include_str", "include"].contains(&name.as_str()) {
                self.problems.push((line, format!("reads a file at compile time with `{name}!`, which a single-file submission cannot carry")));
            }
            if m.path.segments.len() > 1 {
                let first = m.path.segments[0].ident.to_string();
                self.crate_name(&first, line);
            }
            syn::visit::visit_macro(self, m);
        }
        fn visit_attribute(&mut self, a: &'ast syn::Attribute) {
            let line = a.pound_token.span.start().line;
            if a.path().is_ident("derive") {
                let _ = a.parse_nested_meta(|meta| {
                    let name = meta.path.to_token_stream().to_string().replace(' ', "");
                    if !STD_DERIVES.contains(&name.as_str()) {
                        self.problems.push((
                            line,
                            format!("derives `{name}`, a procedural macro from another crate"),
                        ));
                    }
                    Ok(())
                });
            } else if a.path().segments.len() > 1 {
                let first = a.path().segments[0].ident.to_string();
                if !["rustfmt", "clippy"].contains(&first.as_str()) {
                    self.problems.push((
                        line,
                        format!(
                            "uses the attribute `{}`, a procedural macro from another crate",
                            a.path().to_token_stream().to_string().replace(' ', "")
                        ),
                    ));
                }
            }
        }
        fn visit_path(&mut self, p: &'ast syn::Path) {
            if p.segments.len() > 1 && p.leading_colon.is_some() {
                let first = p.segments[0].ident.to_string();
                self.crate_name(&first, p.segments[0].ident.span().start().line);
            }
            syn::visit::visit_path(self, p);
        }
    }
    let mut allowed = vec![
        "std",
        "core",
        "alloc",
        "crate",
        "self",
        "super",
        opts.lib_name.as_str(),
    ];
    allowed.extend(opts.judge.crates());
    let mut c = Check {
        allowed,
        locals,
        problems: Vec::new(),
        judge: opts.judge,
    };
    c.visit_file(file);
    match c.problems.first() {
        None => Ok(()),
        Some((line, msg)) => err(format!(
            "{}:{line}: cannot bundle: it {msg}",
            path.display()
        )),
    }
}

#[cfg(test)]
mod indent_tests {
    use super::*;

    #[test]
    fn literals_keep_their_spaces_and_code_loses_half() {
        let code = "mod a {\n    fn f() {\n        let s = \"x\\\n            y\";\n        let r = r#\"a\"\n    b\"#;\n        let c = '\"';\n        let q = '\\'';\n        let l: &'static str = \"\";\n    }\n}\n";
        let want = "mod a {\n  fn f() {\n    let s = \"x\\\n            y\";\n    let r = r#\"a\"\n    b\"#;\n    let c = '\"';\n    let q = '\\'';\n    let l: &'static str = \"\";\n  }\n}\n";
        assert_eq!(two_space_indent(code), want);
    }
}
