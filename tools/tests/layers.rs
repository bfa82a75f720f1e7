//! The house's rules on imports, read from the source of every crate of the workspace
//! (`tools::module_graph`): no circles between module files, and no import from a higher layer.
//! Run alone: `cargo test --release -p tools --test layers` (docs/testing.md).

use std::path::{Path, PathBuf};
use tools::module_graph::ModuleGraph;
use tools::timing::root;

/// Every crate root of the workspace: each package's library, its main and its binaries.
fn crate_roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    // The packages the workspace names, so that a new one is checked too.
    let manifest: toml::Table =
        toml::from_str(&std::fs::read_to_string(root().join("Cargo.toml")).unwrap()).unwrap();
    let members = manifest["workspace"]["members"].as_array().unwrap();
    assert!(members.len() >= 7, "{members:?}");
    for package in members {
        let src = root().join(package.as_str().unwrap()).join("src");
        for file in ["lib.rs", "main.rs"] {
            if src.join(file).exists() {
                roots.push(src.join(file));
            }
        }
        let Ok(bins) = std::fs::read_dir(src.join("bin")) else {
            continue;
        };
        for entry in bins {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") {
                roots.push(path);
            } else if path.join("main.rs").exists() {
                roots.push(path.join("main.rs"));
            }
        }
    }
    roots.sort();
    roots
}

fn relative(p: &Path) -> String {
    p.strip_prefix(root()).unwrap_or(p).display().to_string()
}

fn graphs() -> Vec<(PathBuf, ModuleGraph)> {
    crate_roots()
        .into_iter()
        .map(|r| {
            let g = ModuleGraph::read(&r).unwrap_or_else(|e| panic!("{e}"));
            (r, g)
        })
        .collect()
}

#[test]
fn no_module_file_imports_itself_through_others() {
    let mut found = Vec::new();
    for (_, g) in graphs() {
        for circle in g.circles() {
            let mut lines = vec![format!(
                "circle of {}:",
                circle
                    .iter()
                    .map(|p| relative(p))
                    .collect::<Vec<_>>()
                    .join(", ")
            )];
            for from in &circle {
                for (to, via) in &g.imports[from] {
                    if circle.contains(to) {
                        lines.push(format!("  {} -> {}: {via}", relative(from), relative(to)));
                    }
                }
            }
            found.push(lines.join("\n"));
        }
    }
    found.dedup();
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// Which layer a file lies in, by the folders of its path below its crate's `src/`, lowest first;
/// `None` for files no rule places.
fn layer(file: &Path) -> Option<(&'static str, usize)> {
    let rel = relative(file);
    // The engine: the model, then the loaders that make one, the tables over it, the search that
    // reads them, the phases made of searches, and the jobs built on them.
    const ENGINE: [&[&str]; 6] = [
        &["model"],
        &["load"],
        &["tables"],
        &["solving"],
        &["phases"],
        &["scrambles", "gods", "discovery"],
    ];
    if let Some(rest) = rel.strip_prefix("engine/src/") {
        let folder = rest.split('/').next().unwrap();
        return ENGINE
            .iter()
            .position(|l| l.contains(&folder))
            .map(|i| ("engine", i));
    }
    // The library: generic modules below the puzzles' folders and files.
    const PUZZLES: [&str; 6] = [
        "cube2",
        "cube3",
        "robot",
        "floppy.rs",
        "sticker_cube.rs",
        "sticker_cube3.rs",
    ];
    if let Some(rest) = rel.strip_prefix("src/") {
        let first = rest.split('/').next().unwrap();
        if first == "bin" || first == "lib.rs" {
            return None;
        }
        return Some(("library", usize::from(PUZZLES.contains(&first))));
    }
    None
}

#[test]
fn no_module_imports_from_a_higher_layer() {
    let mut found = Vec::new();
    for (_, g) in graphs() {
        for (from, targets) in &g.imports {
            let Some((crate_a, a)) = layer(from) else {
                continue;
            };
            for (to, via) in targets {
                if let Some((crate_b, b)) = layer(to) {
                    if crate_a == crate_b && b > a {
                        found.push(format!("{} -> {}: {via}", relative(from), relative(to)));
                    }
                }
            }
        }
    }
    found.sort();
    found.dedup();
    assert!(
        found.is_empty(),
        "imports from a higher layer:\n{}",
        found.join("\n")
    );
}

/// The reader's teeth, on a crate written here: two siblings that take names from each other are
/// a circle; a child taking its parent's names, and a parent using its child, are not; a name a
/// module re-exports leads to the file it comes from.
#[test]
fn a_circle_between_siblings_is_found_and_a_parent_is_context() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("layers-fixture");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("a")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    write(
        "lib.rs",
        "mod a;\nmod b;\nmod c;\nmod d;\npub struct Root;\n",
    );
    write(
        "a/mod.rs",
        "mod inner;\npub use inner::g;\npub struct Shared;\nfn f() { inner::g(); }\n",
    );
    write("d.rs", "use crate::a::g;\n");
    write(
        "a/inner.rs",
        "use super::Shared;\nuse crate::Root;\npub fn g() {}\n",
    );
    write("b.rs", "use crate::c::{self, Two};\npub struct One;\n");
    write(
        "c.rs",
        "pub struct Two;\nfn h() -> crate::b::One { crate::b::One }\n",
    );
    let g = ModuleGraph::read(&dir.join("lib.rs")).unwrap();
    assert_eq!(g.circles(), vec![vec![dir.join("b.rs"), dir.join("c.rs")]]);
    assert!(g.imports[&dir.join("a/mod.rs")].contains_key(&dir.join("a/inner.rs")));
    assert!(!g.imports.contains_key(&dir.join("a/inner.rs")));
    // A name `a` re-exports from `inner` leads on to `inner`.
    assert!(g.imports[&dir.join("d.rs")].contains_key(&dir.join("a/inner.rs")));
}

/// No two module files of the workspace share a name (`mod.rs`, `lib.rs` and `main.rs` aside): a
/// name says what a module is, and a newcomer searching for it finds one file.
#[test]
fn no_module_name_is_used_twice() {
    let mut by_name: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (_, g) in graphs() {
        for file in g.files.values() {
            let name = file.file_name().unwrap().to_string_lossy().to_string();
            if !["mod.rs", "lib.rs", "main.rs"].contains(&name.as_str()) {
                by_name.entry(name).or_default().push(relative(file));
            }
        }
    }
    let twice: Vec<String> = by_name
        .into_iter()
        .filter_map(|(name, mut files)| {
            files.sort();
            files.dedup();
            (files.len() > 1).then(|| format!("{name}: {}", files.join(", ")))
        })
        .collect();
    assert!(
        twice.is_empty(),
        "module names used twice:\n{}",
        twice.join("\n")
    );
}

/// The generic engine takes nothing from the library's 3x3x3 (`twisty::cube3`): its tables and
/// searches are the library's generic ones. (A file that one day solves the 3x3x3 itself would be
/// named here, with the reason.)
#[test]
fn the_engine_imports_nothing_from_the_library_s_3x3x3() {
    const ALLOWED: [&str; 0] = [];
    let engine = root().join("engine/src/lib.rs");
    let g = ModuleGraph::read(&engine).unwrap();
    let mut found = Vec::new();
    for file in g.files.values() {
        let text = std::fs::read_to_string(file).unwrap();
        let rel = relative(file);
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("twisty::cube3") && !ALLOWED.contains(&rel.as_str()) {
                found.push(format!("{rel}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    found.dedup();
    assert!(
        found.is_empty(),
        "the engine imports twisty::cube3:\n{}",
        found.join("\n")
    );
}
