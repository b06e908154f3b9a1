//! Prints every arrangement of the 8-puzzle, one per line in rank order:
//! the input of the whole-space benchmark (`bench/compare.sh`).
//!
//! ```text
//! cargo run --release --example arrangements > all.txt
//! ```

use std::io::{self, BufWriter, Write};

use eight::board::tile_char;
use eight::rank::{unrank, Rank, STATES};

fn main() -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    for rank in 0..STATES as Rank {
        let line: Vec<String> = unrank(rank)
            .tiles()
            .iter()
            .map(|&t| tile_char(t).to_string())
            .collect();
        writeln!(out, "{}", line.join(" "))?;
    }
    out.flush()
}
