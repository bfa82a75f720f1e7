//! The network of seed 003: the stickers in (one-hot), five hidden layers of 500 ReLU units, a
//! softmax over distances 0..25 out; trained with cross-entropy on the walks' labels, run on the CPU
//! with candle.

use crate::cube3_stickers::{encode, Kind, Stickers};
use crate::data::Dataset;
use candle_core::{DType, Device, Tensor, D};
use candle_nn::{linear, Linear, Module, Optimizer, VarBuilder, VarMap};

/// Distances the network can answer: 0..=25 (the walks' length).
pub const CLASSES: usize = 26;
pub const HIDDEN: usize = 500;
pub const LAYERS: usize = 5;

pub type Result<T> = std::result::Result<T, String>;

fn err(e: candle_core::Error) -> String {
    e.to_string()
}

pub struct Net {
    pub kind: Kind,
    hidden: Vec<Linear>,
    out: Linear,
    pub vars: VarMap,
}

impl Net {
    /// A fresh network, weights drawn from `seed` (uniform in +-1/sqrt(fan-in), as candle's own
    /// `linear` does, but from this project's generator: candle cannot seed its CPU generator).
    pub fn new(kind: Kind, seed: u64) -> Result<Self> {
        let device = Device::Cpu;
        let mut vars = VarMap::new();
        let vb = VarBuilder::from_varmap(&vars, DType::F32, &device);
        let mut hidden = Vec::new();
        let mut width = kind.inputs();
        for i in 0..LAYERS {
            hidden.push(linear(width, HIDDEN, vb.pp(format!("hidden{i}"))).map_err(err)?);
            width = HIDDEN;
        }
        let out = linear(width, CLASSES, vb.pp("out")).map_err(err)?;
        let mut rng = twisty::rng::Rng::new(seed);
        let mut names: Vec<(String, Vec<usize>)> = vars
            .data()
            .lock()
            .map_err(|e| e.to_string())?
            .iter()
            .map(|(name, v)| (name.clone(), v.dims().to_vec()))
            .collect();
        names.sort();
        for (name, dims) in names {
            let fan_in = if name.starts_with("out") {
                HIDDEN
            } else if name == "hidden0.weight" || name == "hidden0.bias" {
                kind.inputs()
            } else {
                HIDDEN
            };
            let bound = 1.0 / (fan_in as f64).sqrt();
            let n: usize = dims.iter().product();
            let values: Vec<f32> = (0..n)
                .map(|_| ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0) * bound)
                .map(|v| v as f32)
                .collect();
            let t = Tensor::from_vec(values, dims, &device).map_err(err)?;
            vars.set_one(&name, &t).map_err(err)?;
        }
        Ok(Net {
            kind,
            hidden,
            out,
            vars,
        })
    }

    /// The network saved at `path` (checked against its checksum file first).
    pub fn load(kind: Kind, path: &std::path::Path) -> Result<Self> {
        crate::weights::verify_checksum(path)?;
        // A file of another kind would fail in candle with a bare "shape mismatch": name the kinds.
        let saved = candle_core::safetensors::load(path, &Device::Cpu)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(w) = saved.get("hidden0.weight") {
            let width = w.dims().last().copied().unwrap_or(0);
            if width != kind.inputs() {
                let of = [Kind::Full, Kind::Degenerate, Kind::Cube2]
                    .into_iter()
                    .find(|k| k.inputs() == width)
                    .map_or(String::new(), |k| format!(" (the {} network's)", k.name()));
                return Err(format!(
                    "{}: weights of a network with {width} inputs{of}, but the {} network has {}",
                    path.display(),
                    kind.name(),
                    kind.inputs()
                ));
            }
        }
        let mut net = Net::new(kind, 0)?;
        net.vars
            .load(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(net)
    }

    /// Logits for a batch of inputs (`n x inputs`).
    pub fn logits(&self, x: &Tensor) -> candle_core::Result<Tensor> {
        let mut h = x.clone();
        for l in &self.hidden {
            h = l.forward(&h)?.relu()?;
        }
        self.out.forward(&h)
    }

    /// The predicted distance (the most likely class) of each state.
    pub fn predict(&self, states: &[Stickers]) -> Result<Vec<u8>> {
        let x = inputs(self.kind, states)?;
        let best = self
            .logits(&x)
            .and_then(|l| l.argmax(D::Minus1))
            .map_err(err)?;
        let v: Vec<u32> = best.to_vec1().map_err(err)?;
        Ok(v.into_iter().map(|d| d as u8).collect())
    }

    /// Readings of each state's output distribution from one forward pass, `1 + qs.len()` per
    /// state: the mode, then each `q`-quantile (the smallest distance whose cumulative probability
    /// reaches `q`; 0.5 is the median). The walks' labels are upper bounds on the distance, spread
    /// above it, so a low quantile over-estimates less often than the mode.
    pub fn readings_at(&self, states: &[Stickers], qs: &[f32]) -> Result<Vec<u8>> {
        let x = inputs(self.kind, states)?;
        let p: Vec<Vec<f32>> = self
            .logits(&x)
            .and_then(|l| candle_nn::ops::softmax_last_dim(&l))
            .and_then(|p| p.to_vec2())
            .map_err(err)?;
        let mut out = Vec::with_capacity(states.len() * (1 + qs.len()));
        for row in &p {
            crate::reading::readings_of(row, qs, &mut out);
        }
        Ok(out)
    }

    /// `[mode, q-quantile]` of each state (see [`Net::readings_at`]).
    pub fn readings(&self, states: &[Stickers], q: f32) -> Result<Vec<[u8; 2]>> {
        let r = self.readings_at(states, &[q])?;
        Ok(r.chunks(2).map(|c| [c[0], c[1]]).collect())
    }

    /// The `q`-quantile reading of each state (see [`Net::readings_at`]).
    pub fn predict_quantile(&self, states: &[Stickers], q: f32) -> Result<Vec<u8>> {
        Ok(self.readings(states, q)?.iter().map(|r| r[1]).collect())
    }

    /// One epoch of mini-batches over `data` in an order drawn from `seed`; returns the mean loss.
    pub fn train_epoch(
        &self,
        data: &Dataset,
        opt: &mut candle_nn::AdamW,
        batch: usize,
        seed: u64,
        mut progress: impl FnMut(usize),
    ) -> Result<f32> {
        // Every visit is an example (see `Dataset::visits`).
        let mut order: Vec<usize> = (0..data.len())
            .flat_map(|i| std::iter::repeat_n(i, data.visits[i] as usize))
            .collect();
        twisty::rng::Rng::new(seed).shuffle(&mut order);
        let (mut total, mut batches) = (0.0f32, 0);
        for chunk in order.chunks(batch) {
            let states: Vec<Stickers> = chunk.iter().map(|&i| data.states[i]).collect();
            let labels: Vec<u32> = chunk.iter().map(|&i| data.labels[i] as u32).collect();
            let x = inputs(self.kind, &states)?;
            let y = Tensor::new(labels.as_slice(), &Device::Cpu).map_err(err)?;
            let loss = self
                .logits(&x)
                .and_then(|l| candle_nn::loss::cross_entropy(&l, &y))
                .map_err(err)?;
            opt.backward_step(&loss).map_err(err)?;
            total += loss.to_scalar::<f32>().map_err(err)?;
            batches += 1;
            progress(chunk.len());
        }
        Ok(total / batches.max(1) as f32)
    }

    /// An optimizer for this network's weights.
    pub fn optimizer(&self, lr: f64) -> Result<candle_nn::AdamW> {
        candle_nn::AdamW::new(
            self.vars.all_vars(),
            candle_nn::ParamsAdamW {
                lr,
                weight_decay: 0.0,
                ..Default::default()
            },
        )
        .map_err(err)
    }
}

/// A batch of one-hot inputs.
pub fn inputs(kind: Kind, states: &[Stickers]) -> Result<Tensor> {
    let w = kind.inputs();
    let mut x = vec![0.0f32; states.len() * w];
    for (s, row) in states.iter().zip(x.chunks_mut(w)) {
        encode(kind, s, row);
    }
    Tensor::from_vec(x, (states.len(), w), &Device::Cpu).map_err(err)
}
