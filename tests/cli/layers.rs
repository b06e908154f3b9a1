//! The library's layers, held against its sources: every module imports
//! only modules of its own layer or below (ARCHITECTURE.md, "Layers"), and
//! no modules import one another in a circle. The test reads the sources
//! as text, so the picture cannot drift from the code unseen; a failure
//! names the file, the line and the import.
//!
//! What counts as an import: every `crate::` path in code (`use` lines,
//! re-exports and paths written inline) and every `super::` path that
//! leaves its top-level module. Comments are not code, and neither are
//! test modules (`#[cfg(test)]`): a test may check an engine against a
//! higher one. The binary is a crate of its own, above every layer.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers from the ground up, each with its top-level modules: a
/// module may import its own layer and those below. ARCHITECTURE.md draws
/// the same table.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "foundations",
        &[
            "shape", "words", "memory", "cores", "parallel", "cache", "clock",
        ],
    ),
    (
        "board model",
        &[
            "moves",
            "board",
            "rank",
            "parity",
            "grid",
            "solvability",
            "goal",
            "enumerate",
        ],
    ),
    (
        "engines",
        &[
            "contract",
            "search",
            "small",
            "pdb",
            "constructive",
            "solver",
        ],
    ),
    ("input and output", &["read", "format", "judge", "report"]),
    (
        "tools",
        &[
            "batch", "verify", "generate", "compare", "census", "draw", "door",
        ],
    ),
];

/// One import: the file and line it is written on, and the top-level
/// module it reaches.
#[derive(Clone, Debug)]
struct Import {
    file: String,
    line: usize,
    target: String,
}

#[test]
fn every_import_points_down_a_layer_or_across_and_none_runs_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let layer_of: BTreeMap<&str, usize> = LAYERS
        .iter()
        .enumerate()
        .flat_map(|(layer, (_, modules))| modules.iter().map(move |&module| (module, layer)))
        .collect();
    let files = library_files(&src);
    let tests = test_files(&files);
    let mut problems = Vec::new();
    let mut edges: BTreeMap<(String, String), Import> = BTreeMap::new();
    for file in files.iter().filter(|file| !tests.contains(*file)) {
        let path = module_path(&src, file);
        let Some(source) = path.first().cloned() else {
            continue; // lib.rs: the crate's face, above every layer.
        };
        let Some(&from) = layer_of.get(source.as_str()) else {
            problems.push(format!("src/{source}: a module in no layer of LAYERS"));
            continue;
        };
        for import in imports(&src, file, &path) {
            if import.target == source {
                continue;
            }
            match layer_of.get(import.target.as_str()) {
                None => problems.push(format!(
                    "{}:{}: crate::{} is in no layer of LAYERS",
                    import.file, import.line, import.target
                )),
                Some(&to) if to > from => problems.push(format!(
                    "{}:{}: {} ({}) imports crate::{} of a higher layer ({})",
                    import.file, import.line, source, LAYERS[from].0, import.target, LAYERS[to].0
                )),
                Some(_) => {}
            }
            edges
                .entry((source.clone(), import.target.clone()))
                .or_insert(import);
        }
    }
    if let Some(circle) = circle(&edges) {
        let ties: Vec<String> = circle
            .windows(2)
            .map(|pair| {
                let import = &edges[&(pair[0].clone(), pair[1].clone())];
                format!(
                    "{} -> {} ({}:{})",
                    pair[0], pair[1], import.file, import.line
                )
            })
            .collect();
        problems.push(format!("a circle: {}", ties.join(", ")));
    }
    assert!(problems.is_empty(), "\n{}\n", problems.join("\n"));
}

/// Every `.rs` file of the library under `src`, the binary's left out.
fn library_files(src: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("src/ is readable") {
            let path = entry.expect("src/ lists its files").path();
            if path.is_dir() && path != src.join("bin") {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The module path of a file: `src/pdb/ida/mod.rs` is `pdb::ida`,
/// `src/read/frame.rs` is `read::frame`, `src/lib.rs` is the root.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("a file under src/");
    let mut path: Vec<String> = relative
        .with_extension("")
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if matches!(path.last().map(String::as_str), Some("mod" | "lib")) {
        path.pop();
    }
    path
}

/// The files that hold only test code: those a `#[cfg(test)]` module
/// declaration names (`mod tests;`, with or without `#[path]`).
fn test_files(files: &[PathBuf]) -> BTreeSet<PathBuf> {
    let mut tests = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(file).expect("a source file is readable");
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for (at, line) in lines.iter().enumerate() {
            if *line != "#[cfg(test)]" {
                continue;
            }
            let mut named = None;
            for next in &lines[at + 1..] {
                if let Some(path) = next.strip_prefix("#[path = \"") {
                    named = path.strip_suffix("\"]").map(str::to_string);
                } else if let Some(module) =
                    next.strip_prefix("mod ").and_then(|m| m.strip_suffix(';'))
                {
                    let folder = match file.file_name().and_then(|n| n.to_str()) {
                        Some("mod.rs" | "lib.rs") => file.parent().unwrap().to_path_buf(),
                        _ if named.is_some() => file.parent().unwrap().to_path_buf(),
                        _ => file.with_extension(""),
                    };
                    tests.insert(folder.join(named.take().unwrap_or(format!("{module}.rs"))));
                    break;
                } else {
                    break;
                }
            }
        }
    }
    tests
}

/// The imports of `file` (module path `path`) that reach a top-level
/// module: `crate::` paths, and `super::` paths that climb out of it.
fn imports(src: &Path, file: &Path, path: &[String]) -> Vec<Import> {
    let name = format!("src/{}", file.strip_prefix(src).unwrap().display());
    let text = std::fs::read_to_string(file).expect("a source file is readable");
    let code = without_tests_and_comments(&text);
    let mut found = Vec::new();
    for (line, text) in &code {
        let mut rest = text.as_str();
        while let Some(at) = ["crate::", "super::"]
            .iter()
            .filter_map(|prefix| rest.find(prefix))
            .min()
        {
            let word_before = rest[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
            let tail = &rest[at..];
            rest = &tail[7..];
            if word_before {
                continue;
            }
            let targets = if let Some(path) = tail.strip_prefix("crate::") {
                group(path, &code, *line)
            } else {
                // `super::` climbs one module per use.
                let mut climbs = 0;
                let mut after = tail;
                while let Some(next) = after.strip_prefix("super::") {
                    climbs += 1;
                    after = next;
                }
                rest = after;
                if climbs < path.len() {
                    continue; // still inside its own top-level module
                }
                group(after, &code, *line)
            };
            found.extend(targets.into_iter().map(|target| Import {
                file: name.clone(),
                line: *line,
                target,
            }));
        }
    }
    found
}

/// The first identifiers after a path's `crate::`: one (`rank::Rank`), or
/// one per member of a group (`{board::Board, rank}`), which may run on
/// over the lines after `line`.
fn group(after: &str, code: &[(usize, String)], line: usize) -> Vec<String> {
    let Some(members) = after.strip_prefix('{') else {
        return identifier(after).into_iter().collect();
    };
    let mut text = members.to_string();
    for (_, more) in code.iter().filter(|(at, _)| *at > line) {
        if text.contains('}') {
            break;
        }
        text.push_str(more);
    }
    let mut depth = 0;
    let mut targets = Vec::new();
    let mut start = true;
    for (at, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => start = true,
            c if start && !c.is_whitespace() => {
                start = false;
                targets.extend(identifier(&text[at..]));
            }
            _ => {}
        }
    }
    targets
}

/// The identifier a path segment starts with, if any (not `self`, `*`).
fn identifier(text: &str) -> Option<String> {
    let word: String = text
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!word.is_empty() && word != "self").then_some(word)
}

/// The lines of code of `text`, numbered from 1: comments dropped, and
/// every `#[cfg(test)]` item that is a block (`mod tests { … }`) left out.
fn without_tests_and_comments(text: &str) -> Vec<(usize, String)> {
    let mut code = Vec::new();
    let mut skipping = false;
    let mut depth = 0i32;
    let mut after_cfg_test = false;
    for (index, raw) in text.lines().enumerate() {
        let line = match raw.find("//") {
            Some(at) if !raw[..at].contains('"') => &raw[..at],
            _ => raw,
        };
        let trimmed = line.trim();
        if trimmed == "#[cfg(test)]" {
            after_cfg_test = true;
            continue;
        }
        if after_cfg_test && !trimmed.starts_with("#[") && !trimmed.is_empty() {
            after_cfg_test = false;
            if trimmed.contains('{') {
                skipping = true;
                depth = 0;
            } else {
                continue; // `mod tests;`: its file is left out whole
            }
        }
        if skipping {
            depth += trimmed.matches('{').count() as i32;
            depth -= trimmed.matches('}').count() as i32;
            if depth <= 0 {
                skipping = false;
            }
            continue;
        }
        code.push((index + 1, line.to_string()));
    }
    code
}

/// A circle among the modules, as the modules along it with the first
/// again at its end, if the imports make one.
fn circle(edges: &BTreeMap<(String, String), Import>) -> Option<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
    }
    // Depth-first, with the path walked so far: a module met again on it
    // closes a circle.
    fn walk<'a>(
        module: &'a str,
        next: &BTreeMap<&'a str, Vec<&'a str>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|&m| m == module) {
            let mut circle: Vec<String> = path[at..].iter().map(|m| m.to_string()).collect();
            circle.push(module.to_string());
            return Some(circle);
        }
        if !done.insert(module) {
            return None;
        }
        path.push(module);
        for &to in next.get(module).into_iter().flatten() {
            if let Some(circle) = walk(to, next, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    let modules: Vec<&str> = next.keys().copied().collect();
    modules
        .into_iter()
        .find_map(|module| walk(module, &next, &mut Vec::new(), &mut done))
}
