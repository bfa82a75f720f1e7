//! Why a binary cannot be bundled.

/// Why a binary cannot be bundled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BundleError(pub String);

impl std::fmt::Display for BundleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

pub fn err<T>(msg: impl Into<String>) -> Result<T, BundleError> {
    Err(BundleError(msg.into()))
}
