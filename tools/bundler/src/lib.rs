//! The bundler: one judge binary plus the library modules it uses, as one std-only `.rs` file.
//!
//! The binary's items stay at the root; the library becomes `mod twisty { pub mod coord { .. } .. }`, so
//! the binary's `use twisty::..` paths resolve unchanged, and the library's `crate::x` paths are
//! rewritten to `crate::twisty::x`. Only modules reachable from the binary's paths are included;
//! `#[cfg(test)]` items, `#[test]` functions and doc comments are dropped; the result is formatted by
//! `prettyplease` and re-indented a tab a level (or packed onto few lines with `--minify`).

mod allowed;
mod error;
mod indent;
mod modules;
mod options;
mod prune_use;
mod shake;

pub use error::BundleError;
pub use indent::tab_indent;
pub use options::{Judge, Options};

use allowed::{check_allowed, first_segments_after, local_names};
use error::err;
use modules::{inline_child_modules, parse, strip, RewriteCrate};
use proc_macro2::Span;
use quote::ToTokens;
use shake::shake;
use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use syn::visit_mut::VisitMut;

/// A finished bundle.
#[derive(Clone, Debug)]
pub struct Bundle {
    pub code: String,
    /// Library modules included, in order.
    pub modules: Vec<String>,
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
        let path = modules::module_path(lib_dir, &m)?;
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

    // The library module tree, in lib.rs order, shaken; then again without the modules that no
    // kept code reaches any more (a module reached only through the `use` items of items the
    // shaking dropped would otherwise stay, kept by names its items share with others).
    let binary_reaches = first_segments_after(&binary, &opts.lib_name);
    let mut wanted: BTreeSet<String> = files.iter().map(|(m, _, _)| m.clone()).collect();
    let mut lib_items = loop {
        let mut lib_items: Vec<syn::Item> = Vec::new();
        for name in &declared {
            let Some((_, file, _)) = files
                .iter()
                .find(|(m, _, _)| m == name && wanted.contains(m))
            else {
                continue;
            };
            let items = file.items.clone();
            let ident = syn::Ident::new(name, Span::call_site());
            lib_items.push(syn::Item::Mod(
                syn::parse_quote! { pub mod #ident { #(#items)* } },
            ));
        }
        shake(&binary.items, &mut lib_items);
        let reached = reached_modules(&binary_reaches, &lib_items);
        if reached == wanted {
            break lib_items;
        }
        wanted = reached;
    };
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
        "// {} bundled by twisty's tools/bundler for {}: library modules {}.\n// Compile alone: rustc --edition 2021 -O {}.rs\n",
        bin.file_stem().and_then(|s| s.to_str()).unwrap_or("binary"),
        opts.judge.name(),
        if modules.is_empty() { "none".to_string() } else { modules.join(", ") },
        bin.file_stem().and_then(|s| s.to_str()).unwrap_or("binary"),
    );
    let body = if opts.minify {
        binary.to_token_stream().to_string() + "\n"
    } else {
        tab_indent(&prettyplease::unparse(&binary))
    };
    Ok(Bundle {
        code: header + &body,
        modules,
    })
}

/// The library's top-level modules that the binary reaches through `reaches` and, from them, the
/// kept code of `lib_items` (shaken) reaches through `crate::` paths.
fn reached_modules(reaches: &BTreeSet<String>, lib_items: &[syn::Item]) -> BTreeSet<String> {
    let refers: Vec<(String, BTreeSet<String>)> = lib_items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Mod(m) => {
                let items = m
                    .content
                    .as_ref()
                    .map(|(_, v)| v.clone())
                    .unwrap_or_default();
                let file: syn::File = syn::parse_quote! { #(#items)* };
                Some((m.ident.to_string(), first_segments_after(&file, "crate")))
            }
            _ => None,
        })
        .collect();
    let mut reached = BTreeSet::new();
    let mut queue: VecDeque<String> = reaches.iter().cloned().collect();
    while let Some(m) = queue.pop_front() {
        let Some((_, next)) = refers.iter().find(|(n, _)| *n == m) else {
            continue;
        };
        if reached.insert(m) {
            queue.extend(next.iter().cloned());
        }
    }
    reached
}
