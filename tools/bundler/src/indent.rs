//! The bundle's layout: prettyplease's four spaces a level become one tab (judges count bytes),
//! never inside a string literal.

/// Indents prettyplease's output (4 spaces a level) with a tab a level: the library sits three or
/// four modules deep in a bundle, so four spaces a level were over 40 % of its bytes, two spaces
/// over 20 %, and judges count bytes; an editor still shows the levels. A line that starts inside a
/// string literal (a `\` continuation, or a literal newline) keeps its spaces: they may be part of
/// the string.
pub fn tab_indent(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut open = Open::Code;
    for line in code.split_inclusive('\n') {
        if open == Open::Code {
            let body = line.trim_start_matches(' ');
            let levels = (line.len() - body.len()) / 4;
            out.extend(std::iter::repeat_n('\t', levels));
            // (prettyplease indents by whole levels; any odd spaces are kept.)
            out.push_str(&line[..(line.len() - body.len()) % 4]);
            out.push_str(body);
        } else {
            out.push_str(line);
        }
        open = open.after(line);
    }
    out
}

/// What is open at a point of Rust source without comments: code, a string, or a raw string with
/// so many hashes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Open {
    Code,
    Str,
    Raw(usize),
}

impl Open {
    /// What is open after `text`, starting from `self`. Knows escapes, raw strings (`r#"..."#`,
    /// `br".."`), character literals (`'x'`, `'\n'`, `'\u{..}'`) and lifetimes (`'a`).
    fn after(self, text: &str) -> Open {
        let c: Vec<char> = text.chars().collect();
        let mut open = self;
        let mut i = 0;
        while i < c.len() {
            match (open, c[i]) {
                (Open::Str, '\\') => i += 1,
                (Open::Str, '"') => open = Open::Code,
                (Open::Raw(n), '"')
                    if c[i + 1..].iter().take_while(|&&h| h == '#').count() >= n =>
                {
                    open = Open::Code;
                    i += n;
                }
                (Open::Code, '"') => {
                    let mut j = i;
                    while j > 0 && c[j - 1] == '#' {
                        j -= 1;
                    }
                    // An `r` (or `br`) that starts a token, not the end of a name like `bar`.
                    let starts =
                        |k: usize| k == 0 || !(c[k - 1].is_alphanumeric() || c[k - 1] == '_');
                    let raw = j > 0
                        && c[j - 1] == 'r'
                        && (starts(j - 1) || (j > 1 && c[j - 2] == 'b' && starts(j - 2)));
                    open = if raw { Open::Raw(i - j) } else { Open::Str };
                }
                (Open::Code, '\'') => {
                    if c.get(i + 1) == Some(&'\\') {
                        // Past the quote, the backslash and the escaped character (`'\''`).
                        i += 3;
                        while i < c.len() && c[i] != '\'' {
                            i += 1;
                        }
                    } else if c.get(i + 2) == Some(&'\'') {
                        i += 2;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        open
    }
}

#[cfg(test)]
mod indent_tests {
    use super::*;

    #[test]
    fn literals_keep_their_spaces_and_code_is_indented_by_tabs() {
        let code = "mod a {\n    fn f() {\n        let s = \"x\\\n            y\";\n        let r = r#\"a\"\n    b\"#;\n        let c = '\"';\n        let q = '\\'';\n        let l: &'static str = \"\";\n    }\n}\n";
        let want = "mod a {\n\tfn f() {\n\t\tlet s = \"x\\\n            y\";\n\t\tlet r = r#\"a\"\n    b\"#;\n\t\tlet c = '\"';\n\t\tlet q = '\\'';\n\t\tlet l: &'static str = \"\";\n\t}\n}\n";
        assert_eq!(tab_indent(code), want);
    }
}
