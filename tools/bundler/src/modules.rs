//! The library's modules read into one tree: child modules inlined from their files, test-only
//! items and doc comments dropped, and `crate::x` paths rewritten to `crate::twisty::x`.

use crate::error::{err, BundleError};
use proc_macro2::Span;
use quote::ToTokens;
use std::path::{Path, PathBuf};
use syn::visit_mut::VisitMut;

/// A source file parsed, or its place and why not.
pub(super) fn parse(path: &Path) -> Result<syn::File, BundleError> {
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

pub(super) fn module_path(dir: &Path, name: &str) -> Result<PathBuf, BundleError> {
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
pub(super) fn inline_child_modules(items: &mut [syn::Item], dir: &Path) -> Result<(), BundleError> {
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

pub(super) fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || (a.path().is_ident("cfg")
                && a.meta.to_token_stream().to_string().replace(' ', "") == "cfg(test)")
    })
}

/// Drops test-only items and doc comments, recursively.
pub(super) fn strip(items: Vec<syn::Item>) -> Vec<syn::Item> {
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

pub(super) fn item_attrs(i: &syn::Item) -> &[syn::Attribute] {
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
pub(super) struct RewriteCrate {
    pub(super) lib: String,
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
