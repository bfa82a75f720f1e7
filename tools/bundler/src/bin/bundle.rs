//! `bundle`: turns judge binaries into single std-only `.rs` files for online judges.
//!
//! `cargo run --release -p bundler --bin bundle -- cube2 --judge codeforces -o cube2.rs`
//! `cargo run --release -p bundler --bin bundle -- --all` (every judge binary: a size table)

use bundler::{bundle, Judge, Options};
use clap::Parser;
use std::path::PathBuf;

#[derive(Parser)]
#[command(about = "Bundle a judge binary and the library modules it uses into one .rs file")]
struct Cli {
    /// Binaries of the twisty package (src/bin/NAME.rs).
    binaries: Vec<String>,
    /// Every binary that a testcases/<problem>.toml runs.
    #[arg(long)]
    all: bool,
    /// Target judge: aoj, atcoder, boj, codeforces, hdu, mipt, plain (no crates).
    #[arg(long, default_value = "plain")]
    judge: String,
    /// Output file (one binary), or folder (several); default: stdout for one binary, a size table
    /// and target/bundle/ for several.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Pack the code onto few lines instead of formatting it.
    #[arg(long)]
    minify: bool,
}

fn main() {
    let cli = Cli::parse();
    let Some(judge) = Judge::parse(&cli.judge) else {
        let names: Vec<&str> = Judge::ALL.iter().map(|(n, _)| *n).collect();
        eprintln!(
            "bundle: unknown judge `{}` (known: {})",
            cli.judge,
            names.join(", ")
        );
        std::process::exit(2);
    };
    let mut bins = cli.binaries.clone();
    if cli.all {
        bins.extend(judge_binaries());
    }
    if bins.is_empty() {
        eprintln!("bundle: name a binary (e.g. `bundle cube2`) or pass --all");
        std::process::exit(2);
    }
    let opts = Options {
        judge,
        minify: cli.minify,
        lib_name: "twisty".into(),
    };
    let root = root();
    let single = bins.len() == 1;
    let out_dir = if single {
        None
    } else {
        Some(
            cli.output
                .clone()
                .unwrap_or_else(|| root.join("target/bundle")),
        )
    };
    let mut failed = false;
    if !single {
        println!("{:<12} {:>9}  {:<6}  modules", "binary", "bytes", "limit");
    }
    for bin in &bins {
        let src = root.join("src/bin").join(format!("{bin}.rs"));
        if !src.exists() {
            eprintln!(
                "bundle: no binary `{bin}` ({} does not exist)",
                src.display()
            );
            std::process::exit(2);
        }
        let b = match bundle(&root.join("src"), &src, &opts) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("bundle: {e}");
                std::process::exit(1);
            }
        };
        let size = b.code.len();
        let over = size > judge.source_limit();
        failed |= over;
        if over {
            eprintln!(
                "bundle: warning: {bin} is {size} bytes, over {}'s limit of {} bytes",
                judge.name(),
                judge.source_limit()
            );
        }
        match (&out_dir, &cli.output) {
            (Some(dir), _) => {
                write_or_exit(&dir.join(format!("{bin}.rs")), &b.code);
                println!(
                    "{bin:<12} {size:>9}  {:<6}  {}",
                    if over { "OVER" } else { "ok" },
                    b.modules.join(" ")
                );
            }
            (None, Some(file)) => {
                write_or_exit(file, &b.code);
                eprintln!(
                    "bundle: wrote {} ({size} bytes; modules: {})",
                    file.display(),
                    b.modules.join(", ")
                );
            }
            (None, None) => {
                print!("{}", b.code);
                eprintln!(
                    "bundle: {bin}: {size} bytes; modules: {}",
                    b.modules.join(", ")
                );
            }
        }
    }
    if let Some(dir) = out_dir {
        println!("written to {}", dir.display());
    }
    if failed {
        std::process::exit(1);
    }
}

/// Binaries run by testcases/*.toml (`binary`, or the problem's name).
fn judge_binaries() -> Vec<String> {
    let dir = root().join("testcases");
    let mut out = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let p = e.path();
        let Some(stem) = p
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|_| p.extension().is_some_and(|x| x == "toml"))
        else {
            continue;
        };
        let text = std::fs::read_to_string(&p).unwrap();
        let table: toml::Table = toml::from_str(&text).unwrap();
        if table.contains_key("command") {
            continue;
        }
        out.push(
            table
                .get("binary")
                .and_then(|v| v.as_str())
                .unwrap_or(stem)
                .to_string(),
        );
    }
    out.sort();
    out.dedup();
    out
}

/// Writes a bundle, its folder made first; a file that cannot be written is said so (exit 1).
fn write_or_exit(path: &std::path::Path, code: &str) {
    let folder = path.parent().filter(|d| !d.as_os_str().is_empty());
    let made = folder.map_or(Ok(()), std::fs::create_dir_all);
    if let Err(e) = made.and_then(|_| std::fs::write(path, code)) {
        eprintln!("bundle: cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
}

/// The workspace's root folder (this package is `tools/bundler` in it).
fn root() -> PathBuf {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors().nth(2).unwrap().to_path_buf()
}
