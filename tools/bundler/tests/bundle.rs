//! The bundler on a fixture library: a reviewed snapshot of its output, and its refusals.

use bundler::{bundle, Judge, Options};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's root folder (this package is `tools/bundler` in it).
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .unwrap()
        .to_path_buf()
}

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixture/src")
}

fn opts(judge: Judge) -> Options {
    Options {
        judge,
        minify: false,
        lib_name: "fixture".into(),
    }
}

#[test]
fn bundle_of_the_fixture_binary() {
    let b = bundle(
        &fixture(),
        &fixture().join("bin/hello.rs"),
        &opts(Judge::Codeforces),
    )
    .unwrap();
    assert_eq!(b.modules, ["area", "shapes"]);
    // An inherent method nobody calls is dropped, though a local of the binary has its name; the
    // one called, and the trait impl, stay.
    assert!(b.code.contains("fn side") && !b.code.contains("fn perimeter"));
    assert!(!b.code.contains("circle_area"));
    // An `extern` block stays where a function it declares is called, and goes where none is.
    assert!(b.code.contains("fn abs") && !b.code.contains("fn labs"));
    insta::assert_snapshot!(b.code);

    // It compiles alone and runs.
    let dir = std::env::temp_dir().join(format!("twisty-bundle-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("hello.rs"), &b.code).unwrap();
    let ok = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(dir.join("hello"))
        .arg(dir.join("hello.rs"))
        .status()
        .unwrap();
    assert!(ok.success());
    let out = Command::new(dir.join("hello")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "32\n");
    std::fs::remove_dir_all(dir).ok();
}

/// Nested modules (a folder with mod.rs) are shaken item by item like the others: unused items, their
/// re-exports and `use`s of them, and modules left empty all go, and the bundle still compiles.
#[test]
fn nested_modules_are_shaken() {
    let b = bundle(
        &fixture(),
        &fixture().join("bin/nested.rs"),
        &opts(Judge::Codeforces),
    )
    .unwrap();
    // (The cube's volume takes a square's area, through the trait imported for its method alone,
    // and an edge through a glob of a module that only re-exports.)
    assert_eq!(b.modules, ["area", "shapes", "solids"]);
    assert!(b.code.contains("pub mod cube") && b.code.contains("fn volume"));
    assert!(b.code.contains("use crate::fixture::area::Area") && b.code.contains("pub mod facade"));
    for gone in ["unused_volume", "surface", "mod sphere", "Radius", "extra"] {
        assert!(!b.code.contains(gone), "`{gone}` kept:\n{}", b.code);
    }
    let dir = std::env::temp_dir().join(format!("twisty-nested-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("nested.rs"), &b.code).unwrap();
    let out = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(dir.join("nested"))
        .arg(dir.join("nested.rs"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(dir.join("nested")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "8\n");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn minified_bundle_is_smaller_and_equivalent() {
    let pretty = bundle(
        &fixture(),
        &fixture().join("bin/hello.rs"),
        &opts(Judge::Plain),
    )
    .unwrap();
    let mut o = opts(Judge::Plain);
    o.minify = true;
    let small = bundle(&fixture(), &fixture().join("bin/hello.rs"), &o).unwrap();
    // Smaller on a real bundle: on the tiny fixture, the tokens' separating spaces outweigh the
    // tabs of its few indented lines.
    let src = workspace().join("src");
    let real = |minify| {
        let o = Options {
            judge: Judge::Plain,
            minify,
            lib_name: "twisty".into(),
        };
        bundle(&src, &src.join("bin/robot2.rs"), &o)
            .unwrap()
            .code
            .len()
    };
    let (packed, indented) = (real(true), real(false));
    assert!(
        packed < indented,
        "{packed} bytes minified, {indented} indented"
    );
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("//"))
            .collect::<String>()
            .replace([' ', '\t', '\n'], "")
    };
    assert_eq!(strip(&small.code), strip(&pretty.code));
}

/// A throwaway binary next to the fixture library.
fn refuse(judge: Judge, source: &str) -> String {
    let dir = std::env::temp_dir().join(format!(
        "twisty-bundle-refuse-{}-{}",
        std::process::id(),
        source.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("bad.rs");
    std::fs::write(&bin, source).unwrap();
    let r = bundle(&fixture(), &bin, &opts(judge));
    std::fs::remove_dir_all(dir).ok();
    match r {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn refuses_what_a_judge_cannot_compile() {
    let e = refuse(Judge::Codeforces, "use proconio::input;\nfn main() {}\n");
    assert!(e.contains(":1: cannot bundle: it uses the crate `proconio`, but codeforces offers no external crates"), "{e}");
    assert_eq!(
        refuse(
            Judge::Atcoder,
            "use proconio::input;\nuse itertools::Itertools;\nfn main() {}\n"
        ),
        ""
    );
    let e = refuse(
        Judge::Atcoder,
        "fn main() {\n    let x = serde_json::json!(1);\n}\n",
    );
    assert!(e.contains(":2: cannot bundle: it uses the crate `serde_json`, but atcoder offers only proconio, itertools"), "{e}");
    let e = refuse(
        Judge::Plain,
        "fn main() {\n    let s = include_str!(\"data.txt\");\n}\n",
    );
    assert!(
        e.contains("reads a file at compile time with `include_str!`"),
        "{e}"
    );
    let e = refuse(
        Judge::Plain,
        "#[derive(serde::Serialize)]\nstruct S;\nfn main() {}\n",
    );
    assert!(
        e.contains("derives `serde::Serialize`, a procedural macro"),
        "{e}"
    );
    let e = refuse(Judge::Plain, "#[tokio::main]\nfn main() {}\n");
    assert!(e.contains("uses the attribute `tokio::main`"), "{e}");
}

#[test]
fn refuses_a_package_with_a_build_script() {
    let dir = std::env::temp_dir().join(format!("twisty-bundle-build-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("src/bin")).unwrap();
    std::fs::write(dir.join("build.rs"), "fn main() {}\n").unwrap();
    std::fs::write(dir.join("src/lib.rs"), "").unwrap();
    std::fs::write(dir.join("src/bin/x.rs"), "fn main() {}\n").unwrap();
    let e = bundle(
        &dir.join("src"),
        &dir.join("src/bin/x.rs"),
        &opts(Judge::Plain),
    )
    .unwrap_err();
    assert!(e.to_string().contains("has a build script"), "{e}");
    std::fs::remove_dir_all(dir).ok();
}

/// Every judge binary of the committed problems (those without `not_bundled`) bundles within the
/// plain judge's source limit. The shaking keeps items by name, so a library change that gives a
/// free function a common name (`edge`, `key`) can pull a whole module tree into a bundle that
/// never uses it; this says so before the judge's bundled run does.
#[test]
fn every_judge_binary_bundles_within_the_source_limit() {
    let root = workspace();
    let mut checked = Vec::new();
    for entry in std::fs::read_dir(root.join("testcases")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let config = std::fs::read_to_string(&path).unwrap();
        if config.contains("not_bundled") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let bin = root.join("src/bin").join(format!("{name}.rs"));
        let opts = Options {
            judge: Judge::Plain,
            minify: false,
            lib_name: "twisty".into(),
        };
        let b = bundle(&root.join("src"), &bin, &opts).unwrap();
        let limit = Judge::Plain.source_limit();
        assert!(
            b.code.len() <= limit,
            "{name}: {} bytes, over the {limit}-byte limit (modules: {})",
            b.code.len(),
            b.modules.join(" ")
        );
        checked.push(name);
    }
    assert!(checked.len() >= 7, "{checked:?}");
}
