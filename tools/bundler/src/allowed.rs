//! What a judge accepts: the crates its compiler has (std only for most), derives std knows, and
//! the size limit; a bundle that uses anything else is refused with the place it is used.

use crate::error::{err, BundleError};
use crate::options::{Judge, Options};
use quote::ToTokens;
use std::collections::BTreeSet;
use std::path::Path;
use syn::visit::Visit;

/// Second segments of paths (and `use` trees) whose first segment is `first`: the modules used.
pub(super) fn first_segments_after(file: &syn::File, first: &str) -> BTreeSet<String> {
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
pub(super) fn use_names(t: &syn::UseTree, out: &mut BTreeSet<String>) {
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
pub(super) fn local_names(items: &[syn::Item]) -> BTreeSet<String> {
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

pub(super) const STD_DERIVES: [&str; 9] = [
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
pub(super) fn check_allowed(
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
