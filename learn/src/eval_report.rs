//! The evaluation's figures and the report they make: `results/learned-heuristic.md` (the paper's
//! Table 1 beside ours, then every measured figure) and, with the `learn` feature,
//! `results/learned-heuristic.png` (per optimal length: % optimal and nodes for each heuristic).

use std::fmt::Write as _;

pub use crate::paper::{paper_table_overall, PAPER, PAPER_OVERALL};

/// The heuristics compared, in the report's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guide {
    Degenerate,
    /// The degenerate network read at a low quantile rather than its mode (this project's
    /// attempt to beat the paper with the paper's own network).
    DegenerateQuantile,
    Original,
    Pdb,
    Admissible,
    None,
}

impl Guide {
    pub const ALL: [Guide; 6] = [
        Guide::Degenerate,
        Guide::DegenerateQuantile,
        Guide::Original,
        Guide::Pdb,
        Guide::Admissible,
        Guide::None,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Guide::Degenerate => "degenerate NN",
            Guide::DegenerateQuantile => "degenerate NN, quantile",
            Guide::Original => "original NN",
            Guide::Pdb => "PDB",
            Guide::Admissible => "max(PDB, deg. NN - delta)",
            Guide::None => "none",
        }
    }
}

/// One heuristic on one state.
#[derive(Clone, Debug)]
pub struct Run {
    /// The solution's length, if the search found one before its node limit.
    pub found: Option<u8>,
    pub gave_up: bool,
    /// States generated.
    pub nodes: u64,
    /// States whose bound the heuristic gave.
    pub evaluations: u64,
    pub seconds: f64,
    /// The heuristic's value at the start state.
    pub start_bound: u32,
    /// Not searched (see [`Run::skipped`]).
    pub skipped: bool,
}

impl Run {
    /// A search not run because every shorter state already reached the node limit: it counts as
    /// a give-up.
    pub fn skipped() -> Run {
        Run {
            found: None,
            gave_up: true,
            nodes: 0,
            evaluations: 0,
            seconds: 0.0,
            start_bound: 0,
            skipped: true,
        }
    }
}

/// Everything the evaluation measured.
pub struct Figures {
    /// Each test state's optimal length.
    pub optimal: Vec<u8>,
    /// Per guide (in [`Guide::ALL`]'s order), per test state.
    pub runs: Vec<Vec<Run>>,
    pub delta_degenerate: u32,
    pub delta_full: u32,
    pub held_out: usize,
    pub node_limit: u64,
}

/// Per-length figures of one heuristic.
#[derive(Clone, Debug, Default)]
pub struct Row {
    pub states: usize,
    /// States searched (the others were skipped).
    pub ran: usize,
    pub optimal: usize,
    pub gave_up: usize,
    /// Sum of excess moves over the solved states, and how many were solved.
    pub excess: u64,
    pub solved: usize,
    pub nodes: u64,
    pub evaluations: u64,
    pub seconds: f64,
}

impl Row {
    pub fn percent(&self) -> f64 {
        100.0 * self.optimal as f64 / self.states.max(1) as f64
    }
    pub fn mean_excess(&self) -> f64 {
        self.excess as f64 / self.solved.max(1) as f64
    }
    pub fn mean_nodes(&self) -> f64 {
        self.nodes as f64 / self.ran.max(1) as f64
    }
    pub fn calls_per_second(&self) -> f64 {
        self.evaluations as f64 / self.seconds.max(1e-9)
    }
    pub fn mean_ms(&self) -> f64 {
        1000.0 * self.seconds / self.ran.max(1) as f64
    }
}

impl Figures {
    /// The optimal lengths present, ascending.
    pub fn lengths(&self) -> Vec<u8> {
        let mut l = self.optimal.clone();
        l.sort_unstable();
        l.dedup();
        l
    }

    pub fn row(&self, guide: usize, length: u8) -> Row {
        let mut r = Row::default();
        for (run, &opt) in self.runs[guide].iter().zip(&self.optimal) {
            if opt != length {
                continue;
            }
            r.states += 1;
            r.ran += !run.skipped as usize;
            r.gave_up += run.gave_up as usize;
            if let Some(len) = run.found {
                r.solved += 1;
                r.excess += len.saturating_sub(opt) as u64;
                r.optimal += (len == opt) as usize;
            }
            r.nodes += run.nodes;
            r.evaluations += run.evaluations;
            r.seconds += run.seconds;
        }
        r
    }

    /// % optimal weighted by the paper's mix of lengths (its Table 1's state counts; lengths we
    /// did not test are left out of the weights).
    pub fn overall_paper_mix(&self, guide: usize) -> f64 {
        let (mut sum, mut weight) = (0.0, 0.0);
        for &(len, n, _, _) in &PAPER {
            let r = self.row(guide, len);
            if r.states > 0 {
                sum += n as f64 * r.percent();
                weight += n as f64;
            }
        }
        sum / f64::max(weight, 1.0)
    }

    /// % optimal with every tested length weighted the same.
    pub fn overall_even(&self, guide: usize) -> f64 {
        let lengths = self.lengths();
        let sum: f64 = lengths.iter().map(|&l| self.row(guide, l).percent()).sum();
        sum / lengths.len().max(1) as f64
    }

    /// The heuristic at the test states against their optimal lengths: mean absolute error, bias
    /// (mean of estimate - truth) and the share of states it over-estimates.
    pub fn accuracy(&self, guide: usize) -> (f64, f64, f64) {
        let (mut n, mut abs, mut bias, mut over) = (0.0, 0.0, 0.0, 0.0);
        for (run, &opt) in self.runs[guide].iter().zip(&self.optimal) {
            if run.skipped {
                continue;
            }
            n += 1.0;
            let d = run.start_bound as f64 - opt as f64;
            abs += d.abs();
            bias += d;
            over += (d > 0.0) as u8 as f64;
        }
        let n = f64::max(n, 1.0);
        (abs / n, bias / n, 100.0 * over / n)
    }
}

/// The report in Markdown. `setup` is a paragraph on how the figures were made.
pub fn markdown(f: &Figures, setup: &str) -> String {
    let mut s = String::new();
    let guides = Guide::ALL;
    let _ = writeln!(
        s,
        "# The learned heuristic of seed 003, reproduced\n\n{setup}\n\n## Table 1 beside ours\n\n\
         % of test states for which IDA* returned an optimal solution (a search that reached the \
         node limit counts as not optimal).\n"
    );
    let mut head = String::from(
        "| optimal length | paper: states | paper: degenerate % | paper: original % | states |",
    );
    let mut rule = String::from("|---:|---:|---:|---:|---:|");
    for g in guides {
        let _ = write!(head, " {} % |", g.name());
        rule.push_str("---:|");
    }
    let _ = writeln!(s, "{head}\n{rule}");
    for len in f.lengths() {
        let paper = PAPER.iter().find(|p| p.0 == len);
        let (n, d, o) = paper.map_or(("".to_string(), "".to_string(), "".to_string()), |p| {
            (p.1.to_string(), p.2.to_string(), p.3.to_string())
        });
        let _ = write!(s, "| {len} | {n} | {d} | {o} | {} |", f.row(0, len).states);
        for g in 0..guides.len() {
            let _ = write!(s, " {:.0} |", f.row(g, len).percent());
        }
        s.push('\n');
    }
    let [(deg_pc, deg_n), (orig_pc, orig_n)] = paper_table_overall();
    let _ = write!(
        s,
        "| **Overall** (paper's mix of lengths 2..10) | 53 | {} stated; {deg_pc:.1} by its table \
         ({deg_n} of 53) | {} stated; {orig_pc:.1} by its table ({orig_n} of 53) | |",
        PAPER_OVERALL.0, PAPER_OVERALL.1
    );
    for g in 0..guides.len() {
        let _ = write!(s, " **{:.1}** |", f.overall_paper_mix(g));
    }
    let lengths = f.lengths();
    let _ = write!(
        s,
        "\n| **Overall** (even over {}..{}) | | | | {} |",
        lengths.first().unwrap_or(&0),
        lengths.last().unwrap_or(&0),
        f.optimal.len()
    );
    for g in 0..guides.len() {
        let _ = write!(s, " **{:.1}** |", f.overall_even(g));
    }
    let _ = writeln!(
        s,
        "\n\n## Per length and heuristic\n\nnodes: states generated per search (mean); calls/s: \
         heuristic values given per second of search; time: mean wall time per state; excess: \
         mean moves beyond optimal over the solved states; limit: searches that reached the node \
         limit ({}), or (without a heuristic) were not run because every state one move shorter had.\n",
        f.node_limit
    );
    for (g, guide) in guides.iter().enumerate() {
        let _ = writeln!(
            s,
            "### {}\n\n| optimal length | states | % optimal | excess | limit | nodes | calls/s | time (ms) |\n|---:|---:|---:|---:|---:|---:|---:|---:|",
            guide.name()
        );
        for &len in &lengths {
            let r = f.row(g, len);
            if r.ran == 0 {
                let _ = writeln!(
                    s,
                    "| {len} | {} | 0 | | {} | not run: every state one shorter reached the limit | | |",
                    r.states, r.gave_up
                );
                continue;
            }
            let _ = writeln!(
                s,
                "| {len} | {} | {:.0} | {:.2} | {} | {:.0} | {:.0} | {:.1} |",
                r.states,
                r.percent(),
                r.mean_excess(),
                r.gave_up,
                r.mean_nodes(),
                r.calls_per_second(),
                r.mean_ms()
            );
        }
        s.push('\n');
    }
    let _ = writeln!(
        s,
        "## Each heuristic at the test states\n\nIts value at each test state against the state's \
         optimal length: mean absolute error, bias (mean of value - length), share of states it \
         over-estimates.\n\n| heuristic | mean abs. error | bias | over-estimates % |\n|---|---:|---:|---:|"
    );
    for (g, guide) in guides.iter().enumerate() {
        let (mae, bias, over) = f.accuracy(g);
        let _ = writeln!(
            s,
            "| {} | {mae:.2} | {bias:+.2} | {over:.1} |",
            guide.name()
        );
    }
    s
}

/// Every search's own figures, one line per heuristic and test state, as CSV with a header (the
/// heuristic's name quoted: some hold commas): the report's figures are all made from these (a
/// test recomputes them).
pub fn runs_csv(f: &Figures) -> String {
    let mut s = String::from(
        "heuristic,state,optimal,found,gave_up,skipped,nodes,evaluations,start_bound,seconds\n",
    );
    for (g, guide) in Guide::ALL.iter().enumerate() {
        for (i, (run, &opt)) in f.runs[g].iter().zip(&f.optimal).enumerate() {
            let found = run.found.map_or(String::new(), |l| l.to_string());
            let _ = writeln!(
                s,
                "\"{}\",{i},{opt},{found},{},{},{},{},{},{:.6}",
                guide.name(),
                run.gave_up,
                run.skipped,
                run.nodes,
                run.evaluations,
                run.start_bound,
                run.seconds
            );
        }
    }
    s
}

/// The plot: % optimal (left) and mean nodes, log scale (right), per optimal length and heuristic.
#[cfg(feature = "net")]
pub fn plot(f: &Figures, path: &std::path::Path, font: &std::path::Path) -> Result<(), String> {
    use plotters::prelude::*;
    let bytes = std::fs::read(font).map_err(|e| {
        format!(
            "{}: {e} (a TTF font for the plot's text; --font FILE)",
            font.display()
        )
    })?;
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, bytes)
        .map_err(|_| format!("{}: not a font plotters can read", font.display()))?;
    let e = |e: DrawingAreaErrorKind<_>| format!("{}: {e}", path.display());
    let lengths = f.lengths();
    let (lo, hi) = (
        *lengths.first().unwrap_or(&0) as i32,
        *lengths.last().unwrap_or(&1) as i32,
    );
    let root = BitMapBackend::new(path, (1400, 600)).into_drawing_area();
    root.fill(&WHITE).map_err(e)?;
    let (left, right) = root.split_horizontally(700);
    let colors = [RED, RGBColor(255, 140, 0), BLUE, GREEN, MAGENTA, BLACK];
    let mut chart = ChartBuilder::on(&left)
        .caption("% optimal by optimal length", ("sans-serif", 24))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(lo..hi, 0f64..105f64)
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_desc("optimal length")
        .y_desc("% optimal")
        .y_label_formatter(&|v| format!("{v:.0}"))
        .draw()
        .map_err(e)?;
    for (g, guide) in Guide::ALL.iter().enumerate() {
        let c = colors[g];
        let pts: Vec<(i32, f64)> = lengths
            .iter()
            .map(|&l| (l as i32, f.row(g, l).percent()))
            .collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), c.stroke_width(2)))
            .map_err(e)?
            .label(guide.name())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c.stroke_width(2)));
        chart
            .draw_series(pts.iter().map(|&p| Circle::new(p, 3, c.filled())))
            .map_err(e)?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::LowerLeft)
        .draw()
        .map_err(e)?;
    let top = (0..Guide::ALL.len())
        .flat_map(|g| lengths.iter().map(move |&l| (g, l)))
        .map(|(g, l)| f.row(g, l).mean_nodes())
        .fold(10.0, f64::max);
    let mut chart = ChartBuilder::on(&right)
        .caption(
            "nodes per search (mean) by optimal length",
            ("sans-serif", 24),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(lo..hi, (1f64..top * 2.0).log_scale())
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_desc("optimal length")
        .y_desc("nodes")
        .y_label_formatter(&|v| format!("{v:.0}"))
        .draw()
        .map_err(e)?;
    for (g, _) in Guide::ALL.iter().enumerate() {
        let c = colors[g];
        // Lengths it did not search have no node count.
        let pts: Vec<(i32, f64)> = lengths
            .iter()
            .filter(|&&l| f.row(g, l).ran > 0)
            .map(|&l| (l as i32, f.row(g, l).mean_nodes().max(1.0)))
            .collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), c.stroke_width(2)))
            .map_err(e)?;
        chart
            .draw_series(pts.iter().map(|&p| Circle::new(p, 3, c.filled())))
            .map_err(e)?;
    }
    root.present().map_err(e)?;
    Ok(())
}
