//! The output comparisons (`judge::check`): exact with CRLF and a final newline allowed, tokens
//! whatever the layout, bounded memory on huge lines, and streams that agree with the definitions
//! whatever the buffer sizes (property tests).

use judge::check::*;
use proptest::prelude::*;
use std::io::BufReader;

fn exact(got: &str, want: &str) -> Judgement {
    compare_exact(got.as_bytes(), want.as_bytes()).unwrap()
}

fn tokens(got: &str, want: &str) -> Judgement {
    compare_tokens(got.as_bytes(), want.as_bytes()).unwrap()
}

#[test]
fn exact_allows_only_final_newline_and_crlf() {
    assert_eq!(exact("1\n2\n", "1\n2"), Judgement::Accepted);
    assert_eq!(exact("1\r\n2\r\n", "1\n2\n"), Judgement::Accepted);
    assert_eq!(
        exact("1 \n2\n", "1\n2\n"),
        Judgement::Wrong("line 1, column 2: expected `1`, got `1 `".into())
    );
    assert_eq!(
        exact("1\n", "1\n2\n"),
        Judgement::Wrong("line 2, column 1: expected `2`, got end of output".into())
    );
    assert_eq!(
        exact("1\n2\n3\n", "1\n2\n"),
        Judgement::Wrong("line 3, column 1: expected end of output, got `3`".into())
    );
    assert_eq!(
        exact("1\n\n", "1\n"),
        Judgement::Wrong("line 2, column 1: expected end of output, got an empty line".into())
    );
    assert_eq!(
        exact("ab\u{0}x\n", "abcx\n"),
        Judgement::Wrong("line 1, column 3: expected `abcx`, got `ab\\0x`".into())
    );
}

#[test]
fn a_huge_wrong_line_is_shown_short() {
    let got = "7".repeat(5_000_000);
    let Judgement::Wrong(why) = exact(&got, "77x\n") else {
        panic!("accepted");
    };
    assert!(
        why.starts_with("line 1, column 3: expected `77x`, got `777"),
        "{why}"
    );
    assert!(why.ends_with("7…`"), "{why}");
    assert!(why.len() < 250, "{why}");
}

#[test]
fn tokens_ignore_layout() {
    assert_eq!(tokens("1  2\n3", "1\n2 3\n"), Judgement::Accepted);
    assert_eq!(
        tokens("1 2", "1 2 3"),
        Judgement::Wrong("token 3: expected `3`, got end of output".into())
    );
    assert_eq!(
        tokens("1 2 3 4", "1 2 3"),
        Judgement::Wrong("token 4: expected end of output, got `4`".into())
    );
    assert_eq!(
        tokens("1 22", "1 2"),
        Judgement::Wrong("token 2: expected `2`, got `22`".into())
    );
    let long = "9".repeat(3_000_000);
    let Judgement::Wrong(why) = tokens(&long, "9") else {
        panic!("accepted");
    };
    assert!(why.len() < 250 && why.ends_with("…`"), "{why}");
}

proptest! {
    /// Reading in small pieces (so that runs, `\r\n` and line breaks straddle buffer ends) gives
    /// the very same judgement and detail as reading at once.
    #[test]
    fn buffer_boundaries_change_nothing(
        a in "[ab\r\né]{0,40}",
        b in "[ab\r\né]{0,40}",
        cap_a in 1usize..5,
        cap_b in 1usize..5,
    ) {
        fn small(s: &str, cap: usize) -> BufReader<&[u8]> {
            BufReader::with_capacity(cap, s.as_bytes())
        }
        let whole = exact(&a, &b);
        prop_assert_eq!(compare_exact(small(&a, cap_a), small(&b, cap_b)).unwrap(), whole);
        let whole = tokens(&a, &b);
        prop_assert_eq!(compare_tokens(small(&a, cap_a), small(&b, cap_b)).unwrap(), whole);
    }

    /// The streaming comparisons agree with the plain definitions on small texts.
    #[test]
    fn streams_agree_with_definitions(a in "[ab \\r\\n]{0,12}", b in "[ab \\r\\n]{0,12}") {
        let norm = |s: &str| {
            let s = s.replace("\r\n", "\n");
            s.strip_suffix('\n').map(str::to_string).unwrap_or(s)
        };
        prop_assert_eq!(exact(&a, &b) == Judgement::Accepted, norm(&a) == norm(&b));
        let words = |s: &str| s.split_ascii_whitespace().map(str::to_string).collect::<Vec<_>>();
        prop_assert_eq!(tokens(&a, &b) == Judgement::Accepted, words(&a) == words(&b));
    }
}
