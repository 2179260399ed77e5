//! The documents as a reader meets them on the repository's page: every picture the
//! README and `docs/*.md` show is a file git tracks (an ignored or forgotten picture
//! is a broken image for everyone who clones or browses the repository).

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The files git tracks, relative to the repository's root.
fn tracked() -> BTreeSet<PathBuf> {
    let out = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output()
        .expect("git runs (the tests run in a clone of the repository)");
    assert!(
        out.status.success(),
        "git ls-files failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
        .split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
        .collect()
}

/// The targets of a Markdown text's images and links (`](target)`) and HTML images
/// (`src="target"`), without a title or an anchor.
fn targets(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (open, close) in [("](", ')'), ("src=\"", '"')] {
        let mut rest = text;
        while let Some(at) = rest.find(open) {
            rest = &rest[at + open.len()..];
            if let Some(end) = rest.find(close) {
                let target = rest[..end].split_whitespace().next().unwrap_or("");
                found.push(target.split('#').next().unwrap_or("").to_string());
            }
        }
    }
    found
}

fn is_picture(target: &str) -> bool {
    let lower = target.to_ascii_lowercase();
    [".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"]
        .iter()
        .any(|ext| lower.ends_with(ext))
}

/// `base/target` with `.` and `..` resolved, relative to the root; None if it leaves it.
fn resolve(base: &Path, target: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in base.join(target).components() {
        match part {
            Component::Normal(p) => out.push(p),
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            _ => return None,
        }
    }
    Some(out)
}

/// The documents a reader opens: the README, the changelog and `docs/*.md`.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![PathBuf::from("README.md"), PathBuf::from("CHANGELOG.md")];
    let mut more: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| {
            p.strip_prefix(root())
                .expect("under the root")
                .to_path_buf()
        })
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

#[test]
fn every_picture_the_documents_show_is_tracked_by_git() {
    let tracked = tracked();
    let mut pictures = 0;
    let mut missing = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(root().join(&doc)).expect("a document");
        let base = doc.parent().unwrap_or(Path::new(""));
        for target in targets(&text) {
            if !is_picture(&target) || target.contains("://") {
                continue;
            }
            pictures += 1;
            match resolve(base, &target) {
                Some(path) if tracked.contains(&path) => {}
                Some(path) => missing.push(format!("{}: {}", doc.display(), path.display())),
                None => missing.push(format!("{}: {target} (outside)", doc.display())),
            }
        }
    }
    assert!(
        missing.is_empty(),
        "pictures shown but not tracked by git (ignored by .gitignore, or never added):\n{}",
        missing.join("\n")
    );
    // The rules alone show nine; a parser that found none would pass vacuously.
    assert!(
        pictures >= 9,
        "only {pictures} pictures found in the documents"
    );
}

#[test]
fn the_link_reader_finds_images_links_and_html_images() {
    let text = "![a](pic/one.png) [b](two.md#part) <img src=\"three.svg\" alt=\"c\"> \
                ![d](four.png \"title\")";
    assert_eq!(
        targets(text),
        ["pic/one.png", "two.md", "four.png", "three.svg"]
    );
    assert_eq!(
        resolve(Path::new("docs"), "../assets/icon.png"),
        Some(PathBuf::from("assets/icon.png"))
    );
    assert_eq!(resolve(Path::new(""), "../outside.png"), None);
}
