//! The workspace's layout holds: the game's modules depend on each other without a cycle
//! and its feature folders never use each other both ways, the game names engine items
//! only from the engine's surface, the engine has no file system, process or network
//! code, no public function answers an error with a `String`, and no function anywhere is
//! longer than 120 lines.
//! `cargo test --test architecture -- --nocapture` prints the module and folder graphs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `src/ui/panel.rs` is `ui::panel`; `src/ui/mod.rs` is `ui`; `lib.rs`/`main.rs` are the
/// crate root.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| s != "mod")
        .collect();
    parts.join("::")
}

/// The module a `crate::a::b::Item` path names: the longest prefix that is a module.
fn target(path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len())
        .rev()
        .map(|n| parts[..n].join("::"))
        .find(|m| modules.contains(m))
}

/// A file's production code: its test module (at its end, by custom) and its comments
/// (doc links name a module without using it) left out.
fn production_code(text: &str) -> String {
    let code = text.split("\n#[cfg(test)]").next().unwrap_or(text);
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `crate::...` and `super::...` path in a file's production code, resolved to
/// module names.
fn references(module: &str, text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    paths_named(module, &production_code(text), modules)
}

/// Every `crate::...` and `super::...` path in `text` (comments left out), resolved to
/// module names.
fn paths_named(module: &str, text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let text = &text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = BTreeSet::new();
    let parent = module.rsplit_once("::").map_or("", |(p, _)| p);
    for (prefix, base) in [("crate::", ""), ("super::", parent)] {
        for (i, _) in text.match_indices(prefix) {
            if i > 0 && text.as_bytes()[i - 1].is_ascii_alphanumeric() {
                continue;
            }
            let rest: String = text[i + prefix.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let full = if base.is_empty() {
                rest
            } else {
                format!("{base}::{rest}")
            };
            // `use crate::{a, b}` lists several modules after the brace.
            let full = full.trim_end_matches(':').to_string();
            if let Some(t) = target(&full, modules) {
                out.insert(t);
            }
        }
        for (i, _) in text.match_indices(&format!("{prefix}{{")) {
            let list: String = text[i + prefix.len() + 1..]
                .chars()
                .take_while(|c| *c != '}')
                .collect();
            for item in list.split(',') {
                let item = item.trim();
                let full = if base.is_empty() {
                    item.to_string()
                } else {
                    format!("{base}::{item}")
                };
                if let Some(t) = target(&full, modules) {
                    out.insert(t);
                }
            }
        }
    }
    out.remove(module);
    out
}

fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = stack.iter().position(|s| s == n) {
            let mut cycle = stack[i..].to_vec();
            cycle.push(n.to_string());
            return Some(cycle);
        }
        if done.contains(n) {
            return None;
        }
        stack.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, graph, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

/// Functions longer than `max` lines: (file, line, name, length).
fn long_functions(file: &Path, text: &str, max: usize) -> Vec<(String, usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let Some(rest) = [
            "fn ",
            "pub fn ",
            "pub(super) fn ",
            "pub(crate) fn ",
            "async fn ",
        ]
        .iter()
        .find_map(|p| t.strip_prefix(p)) else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let indent = line.len() - t.len();
        // The body ends at the first line that closes at the same indentation.
        let end = lines[i + 1..]
            .iter()
            .position(|l| {
                l.len() > indent && l[..indent].trim().is_empty() && l[indent..].starts_with('}')
            })
            .map(|n| i + 1 + n);
        if let Some(end) = end {
            let len = end - i + 1;
            if len > max {
                out.push((file.display().to_string(), i + 1, name, len));
            }
        }
    }
    out
}

#[test]
fn the_game_modules_have_no_cycle_and_name_the_engine_from_its_root() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeSet<String> = files
        .iter()
        .map(|f| module_of(&src, f))
        .filter(|m| m != "lib" && m != "main")
        .collect();
    let mut graph = BTreeMap::new();
    let mut deep_engine_paths = Vec::new();
    let mut long = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let m = module_of(&src, f);
        long.extend(long_functions(f, &text, 120));
        for (i, line) in text.lines().enumerate() {
            // `camelot_engine::notation::...`: an engine module's path, not the root's.
            if let Some(at) = line.find("camelot_engine::") {
                let rest = &line[at + "camelot_engine::".len()..];
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                // The engine's public rooms are its surface too, not private modules.
                if word.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                    && !ENGINE_ROOMS.contains(&word.as_str())
                    && rest[word.len()..].starts_with("::")
                {
                    deep_engine_paths.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
        if m == "lib" || m == "main" {
            continue;
        }
        graph.insert(m.clone(), references(&m, &text, &modules));
    }
    println!("module graph of src/ (module -> the modules it uses):");
    for (m, deps) in &graph {
        let deps: Vec<&str> = deps.iter().map(String::as_str).collect();
        println!("  {m} -> {}", deps.join(", "));
    }
    assert_eq!(find_cycle(&graph), None, "an import cycle");
    assert!(
        deep_engine_paths.is_empty(),
        "engine names not from the root: {deep_engine_paths:#?}"
    );
    assert!(long.is_empty(), "functions over 120 lines: {long:?}");
}

/// The engine's public modules: the rooms of its surface beside its root.
const ENGINE_ROOMS: [&str; 4] = ["notation", "search", "tuning", "tablebase"];

/// The module graph of the crate whose sources are in `src` (its `lib.rs` the root).
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let modules: BTreeSet<String> = files
        .iter()
        .map(|f| module_of(src, f))
        .filter(|m| m != "lib" && m != "main")
        .collect();
    let mut graph = BTreeMap::new();
    for f in &files {
        let m = module_of(src, f);
        if m == "lib" || m == "main" {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        graph.insert(m.clone(), references(&m, &text, &modules));
    }
    graph
}

/// The engine and every library and program beside the game: no two modules use each
/// other, however far round (in their production code: a test module may reach anywhere).
#[test]
fn the_libraries_modules_have_no_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for krate in [
        "engine/src",
        "online/src",
        "server/src",
        "files/src",
        "lab/src",
    ] {
        let graph = module_graph(&root.join(krate));
        assert!(graph.len() > 3, "{krate}'s modules were found");
        assert_eq!(find_cycle(&graph), None, "an import cycle in {krate}");
    }
}

/// The engine's root is a door: its core names and its rooms, at most 45 in all.
#[test]
fn the_engines_root_names_at_most_45_things() {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/src/lib.rs"))
            .unwrap();
    let mut names = BTreeSet::new();
    let mut rest = lib.as_str();
    while let Some(at) = rest.find("\npub use ") {
        rest = &rest[at + "\npub use ".len()..];
        let statement = &rest[..rest.find(';').unwrap()];
        let list = match statement.find('{') {
            Some(open) => &statement[open + 1..statement.rfind('}').unwrap()],
            None => statement.rsplit("::").next().unwrap(),
        };
        names.extend(list.split(',').map(str::trim).filter(|n| !n.is_empty()));
    }
    for line in lib.lines() {
        if let Some(m) = line.strip_prefix("pub mod ") {
            names.insert(m.trim_end_matches([';', ' ', '{']));
        }
    }
    assert!(
        names.contains("Game") && names.contains("notation"),
        "{names:?}"
    );
    assert!(
        names.len() <= 45,
        "{} names at the root: {names:?}",
        names.len()
    );
}

/// Every package's sources and tests.
const WORKSPACE_SOURCES: [&str; 18] = [
    "src",
    "tests",
    "engine/src",
    "engine/tests",
    "engine/benches",
    "files/src",
    "lessons/src",
    "lessons/tests",
    "lab/src",
    "lab/tests",
    "cli/src",
    "cli/tests",
    "online/src",
    "online/tests",
    "server/src",
    "server/tests",
    "assetgen/src",
    "test-support/src",
];

/// Every source file of every package.
fn workspace_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in WORKSPACE_SOURCES {
        let d = root.join(dir);
        if d.is_dir() {
            sources(&d, &mut files);
        }
    }
    files
}

#[test]
fn no_function_in_the_workspace_is_over_120_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    // Every package's sources and tests (the game's own `src/` is checked above too).
    for dir in WORKSPACE_SOURCES {
        let d = root.join(dir);
        if d.is_dir() {
            sources(&d, &mut files);
        }
    }
    assert!(files.len() > 100, "the workspace's sources were found");
    let long: Vec<_> = files
        .iter()
        .flat_map(|f| long_functions(f, &std::fs::read_to_string(f).unwrap(), 120))
        .collect();
    assert!(long.is_empty(), "functions over 120 lines: {long:#?}");
}

/// The folder of `src/` a module lives in (`table::board` is `table`); files at the top
/// (`cli`, `terminal`, `tools`) are their own.
fn folder_of(module: &str) -> &str {
    module.split("::").next().unwrap_or(module)
}

#[test]
fn no_two_feature_folders_use_each_other_both_ways() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeSet<String> = files
        .iter()
        .map(|f| module_of(&src, f))
        .filter(|m| m != "lib" && m != "main")
        .collect();
    let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &files {
        let m = module_of(&src, f);
        if m == "lib" || m == "main" {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let from = folder_of(&m).to_string();
        let uses = folders.entry(from.clone()).or_default();
        for target in references(&m, &text, &modules) {
            let to = folder_of(&target).to_string();
            if to != from {
                uses.insert(to);
            }
        }
    }
    println!("folder graph of src/ (folder -> the folders it uses):");
    for (f, deps) in &folders {
        let deps: Vec<&str> = deps.iter().map(String::as_str).collect();
        println!("  {f} -> {}", deps.join(", "));
    }
    let mut both_ways = Vec::new();
    for (a, uses) in &folders {
        for b in uses {
            if a < b && folders.get(b).is_some_and(|u| u.contains(a)) {
                both_ways.push(format!("{a} <-> {b}"));
            }
        }
    }
    assert!(
        both_ways.is_empty(),
        "folders that use each other: {both_ways:?}"
    );
    assert_eq!(
        find_cycle(&folders),
        None,
        "the folders use each other in a circle"
    );
}

/// What the engine must not touch: it is the rules and a player, and a program that
/// plays or measures brings the rest.
#[test]
fn the_engine_has_no_file_system_process_or_network_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let forbidden = [
        "std::fs",
        "std::process",
        "std::net",
        "std::env",
        "File::",
        "extern \"C\"",
        "Command::",
    ];
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                if code.contains(word) {
                    found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/Cargo.toml"))
            .unwrap();
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .and_then(|d| d.split("\n[").next())
        .unwrap_or("");
    let names: Vec<&str> = deps
        .lines()
        .filter_map(|l| l.split('=').next())
        .map(str::trim)
        .filter(|n| !n.is_empty() && !n.starts_with('#'))
        .collect();
    assert_eq!(names, ["serde"], "the engine stands on serde alone");
}

/// Errors are types: no function of the workspace's code answers with `Result<_,
/// String>` (tests included: they read what the code gives).
#[test]
fn no_result_carries_a_string_error() {
    let files = workspace_files();
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            // A result whose error, after the comma, is a `String`.
            if let Some(at) = line.find("Result<") {
                let rest = &line[at + "Result<".len()..];
                let inner: String = rest.chars().take_while(|&c| c != '>').collect();
                if inner.trim_end().ends_with(", String") {
                    found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// The protocol's types, where a program's types are: `online/src/protocol.rs` and the
/// folder beside it.
fn protocol_sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("online/src");
    let mut files = vec![root.join("protocol.rs")];
    sources(&root.join("protocol"), &mut files);
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            (f, text)
        })
        .collect()
}

/// A move or a square crosses the wire as the engine's types (a `NamedMove`, a
/// `Coord`), never as text: the only text fields of the protocol's types are the words
/// people read.
#[test]
fn the_protocol_carries_no_move_or_square_as_text() {
    let words_for_people = ["message", "reason", "name"];
    let mut found = Vec::new();
    for (f, text) in protocol_sources() {
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            let Some((field, ty)) = t.split_once(':') else {
                continue;
            };
            let field = field.trim_start_matches("pub ").trim();
            let ty = ty.trim().trim_end_matches(',');
            let is_field = field.chars().all(|c| c.is_ascii_lowercase() || c == '_');
            let text_type = ["String", "Vec<String>", "Option<String>", "&str"].contains(&ty);
            if is_field && text_type && !words_for_people.contains(&field) {
                found.push(format!("{}:{}: {t}", f.display(), i + 1));
            }
        }
    }
    assert!(found.is_empty(), "text where a type belongs: {found:#?}");
    let named = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/src/named_move.rs"),
    )
    .unwrap();
    for field in [
        "pub path: Vec<Coord>",
        "pub kind: MoveKind",
        "pub captures: Vec<Coord>",
    ] {
        assert!(named.contains(field), "a named move's {field}");
    }
}

/// The variants of `enum NAME` in `text`.
fn variants_of(text: &str, name: &str) -> Vec<String> {
    let start = text
        .find(&format!("pub enum {name} {{"))
        .unwrap_or_else(|| panic!("enum {name}"));
    let body = &text[start..];
    let end = body.find("\n}").unwrap();
    body[..end]
        .lines()
        .skip(1)
        .filter(|l| l.starts_with("    ") && !l.starts_with("     "))
        .map(str::trim)
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_uppercase()))
        .map(|l| {
            l.chars()
                .take_while(|c| c.is_alphanumeric())
                .collect::<String>()
        })
        .collect()
}

/// The game socket carries a joined game and nothing else: every one-shot request is
/// HTTP's, and no answer to one comes on the socket.
#[test]
fn no_one_shot_request_is_asked_on_the_websocket() {
    let text: String = protocol_sources()
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join("\n");
    let client = variants_of(&text, "ClientMessage");
    assert_eq!(
        client,
        ["Hello", "Move", "Offer", "Accept", "Decline", "Resign", "Claim", "Abort", "Ping"],
        "what a client may say on a joined game's socket"
    );
    let server = variants_of(&text, "ServerMessage");
    for answer in ["Created", "Games", "OpenSeats", "Taken"] {
        assert!(
            !server.contains(&answer.to_string()),
            "{answer} answers a one-shot request: it is HTTP's"
        );
    }
    // Every request type is served by one route, in its room's routes.
    let server = Path::new(env!("CARGO_MANIFEST_DIR")).join("server/src");
    for (room, route) in [
        ("round", r#".route("/games", get(list_games))"#),
        ("setup", r#".route("/games", post(create))"#),
        (
            "seats",
            r#".route("/seats", get(list_seats).post(take_seat))"#,
        ),
        ("round", r#".route("/games/{file}", get(game))"#),
    ] {
        let routes = std::fs::read_to_string(server.join(room).join("routes.rs")).unwrap();
        assert!(routes.contains(route), "{room}: {route}");
    }
}

/// The server is laid out in rooms, a folder a feature (as lila's modules), over a shared
/// floor (`common`: the error type, limits, same-site; `store`: the pool and the schema).
/// The floor uses no room, and no two rooms use each other, however far round.
#[test]
fn the_servers_rooms_use_each_other_one_way() {
    let graph = module_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("server/src"));
    let room = |m: &str| m.split("::").next().unwrap_or(m).to_string();
    let mut rooms: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (m, uses) in &graph {
        if m.split("::").any(|part| part == "tests") {
            continue;
        }
        let entry = rooms.entry(room(m)).or_default();
        entry.extend(uses.iter().map(|u| room(u)).filter(|r| *r != room(m)));
    }
    println!("the server's rooms (room -> the rooms it uses):");
    for (r, uses) in &rooms {
        let uses: Vec<&str> = uses.iter().map(String::as_str).collect();
        println!("  {r} -> {}", uses.join(", "));
    }
    for expected in [
        "common", "store", "games", "round", "setup", "seats", "computer", "tv", "pages",
    ] {
        assert!(
            rooms.contains_key(expected),
            "the {expected} room: {rooms:?}"
        );
    }
    for floor in ["common", "store"] {
        let above: Vec<&String> = rooms[floor]
            .iter()
            .filter(|r| *r != "common" && *r != "store")
            .collect();
        assert!(
            above.is_empty(),
            "the floor's {floor} uses rooms: {above:?}"
        );
    }
    assert_eq!(find_cycle(&rooms), None, "two rooms use each other");
}

/// The server's rooms (its folders but the floor's `common` and `store`).
fn server_rooms(src: &Path) -> BTreeSet<String> {
    std::fs::read_dir(src)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|r| r != "common" && r != "store")
        .collect()
}

/// Where a file of `src` (the server's) names a file inside another room than its own:
/// (the file, the module it names). Test modules too.
fn doors_passed_by(src: &Path) -> Vec<(String, String)> {
    let rooms = server_rooms(src);
    let mut files = Vec::new();
    sources(src, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(src, f)).collect();
    let room = |m: &str| m.split("::").next().unwrap_or(m).to_string();
    let mut out = Vec::new();
    for f in &files {
        let m = module_of(src, f);
        let text = std::fs::read_to_string(f).unwrap();
        for used in paths_named(&m, &text, &modules) {
            let theirs = room(&used);
            if rooms.contains(&theirs) && theirs != room(&m) && used != theirs {
                out.push((f.strip_prefix(src).unwrap().display().to_string(), used));
            }
        }
    }
    out
}

/// Every room of the server has a door: its `mod.rs` keeps its files private and
/// exports what other rooms may use, and no other room (nor the server's start, nor a
/// test module) names a file inside it.
#[test]
fn every_server_room_is_entered_by_its_door() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("server/src");
    let passed = doors_passed_by(&src);
    assert!(
        passed.is_empty(),
        "files naming another room's file instead of its door: {passed:#?}"
    );
    for room in server_rooms(&src) {
        let door = std::fs::read_to_string(src.join(&room).join("mod.rs")).unwrap();
        let open: Vec<&str> = door.lines().filter(|l| l.starts_with("pub mod ")).collect();
        assert!(
            open.is_empty(),
            "{room}'s files are open to every room: {open:?}"
        );
    }
}

/// Each table of the server's database and the room that owns it: only the owner's
/// files name it in SQL; another room asks the owner.
const TABLE_OWNERS: [(&str, &str); 25] = [
    ("accounts", "accounts"),
    ("sessions", "accounts"),
    ("known_devices", "accounts"),
    ("recovery_codes", "accounts"),
    ("games", "games"),
    ("plies", "games"),
    ("seats", "games"),
    ("computer_turns", "queue"),
    ("computer_owners", "queue"),
    ("analyses", "queue"),
    ("position_searches", "queue"),
    ("ratings", "ratings"),
    ("rating_changes", "ratings"),
    ("pairing", "pairing"),
    ("challenges", "challenges"),
    ("challenge_choices", "challenges"),
    ("challenge_seats", "challenges"),
    ("presence", "presence"),
    ("relations", "relations"),
    ("tournaments", "tournaments"),
    ("tournament_players", "tournaments"),
    ("tournament_games", "tournaments"),
    ("tournament_byes", "tournaments"),
    ("tournament_schedules", "tournaments"),
    ("tv", "tv"),
];

/// The crossings still to be taken down, each a file that names another room's table.
/// None is left (an account closed takes its name from its seats through the games
/// room's `names_leave_seats!`); the list stays so that one let in on purpose is named
/// here with why, and a crossing not here fails.
const CROSSINGS_LEFT: [(&str, &str); 0] = [];

/// The tables a text names in SQL: the word after `FROM`, `JOIN`, `INTO`, `UPDATE` or
/// `TABLE` (comments left out).
fn tables_named(text: &str) -> BTreeSet<String> {
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .filter(|w| ["FROM", "JOIN", "INTO", "UPDATE", "TABLE"].contains(&w[0]))
        .map(|w| w[1].to_string())
        .collect()
}

/// (file, table) for each file of `src` that names in SQL a table its room does not own.
fn tables_crossed(src: &Path) -> BTreeSet<(String, String)> {
    let owners: BTreeMap<&str, &str> = TABLE_OWNERS.into_iter().collect();
    let mut files = Vec::new();
    sources(src, &mut files);
    let mut out = BTreeSet::new();
    for f in &files {
        let rel = f.strip_prefix(src).unwrap().display().to_string();
        let room = rel.split('/').next().unwrap_or("").trim_end_matches(".rs");
        for table in tables_named(&std::fs::read_to_string(f).unwrap()) {
            if owners
                .get(table.as_str())
                .is_some_and(|owner| *owner != room)
            {
                out.insert((rel.clone(), table));
            }
        }
    }
    out
}

/// Every table has one owner: a room's files (test modules too) name in SQL only the
/// tables it owns, and every table the migrations create has an owner.
#[test]
fn each_table_is_named_only_by_its_owning_room() {
    let server = Path::new(env!("CARGO_MANIFEST_DIR")).join("server");
    let mut created = BTreeSet::new();
    for m in std::fs::read_dir(server.join("migrations"))
        .unwrap()
        .flatten()
    {
        let text = std::fs::read_to_string(m.path()).unwrap();
        let upper = text.to_uppercase();
        for (at, _) in upper.match_indices("CREATE TABLE ") {
            let rest = upper[at + 13..].trim_start_matches("IF NOT EXISTS ");
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            created.insert(name.to_lowercase());
        }
    }
    let owned: BTreeSet<String> = TABLE_OWNERS.iter().map(|(t, _)| t.to_string()).collect();
    assert_eq!(
        created, owned,
        "the tables the migrations create, and those owned"
    );
    let crossed = tables_crossed(&server.join("src"));
    let left: BTreeSet<(String, String)> = CROSSINGS_LEFT
        .iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect();
    let new: Vec<_> = crossed.difference(&left).collect();
    assert!(
        new.is_empty(),
        "files naming another room's table: {new:#?}"
    );
    let gone: Vec<_> = left.difference(&crossed).collect();
    assert!(
        gone.is_empty(),
        "crossings taken down: strike them from CROSSINGS_LEFT: {gone:#?}"
    );
}

#[test]
fn a_table_is_read_after_from_join_into_update_and_table() {
    let sql =
        "// a comment: UPDATE nothing\nlet q = \"SELECT a.x FROM games g JOIN seats s ON \\\n \
               INSERT INTO plies (a) VALUES (1); UPDATE tv SET x = 1\";";
    let named: Vec<String> = tables_named(sql).into_iter().collect();
    assert_eq!(named, ["games", "plies", "seats", "tv"]);
}

/// The server's files stay small enough to read at a sitting: none over 600 lines
/// (a room that grows gets another file behind its door).
#[test]
fn no_server_file_is_over_600_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("server/src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let long: Vec<(String, usize)> = files
        .iter()
        .map(|f| {
            let lines = std::fs::read_to_string(f).unwrap().lines().count();
            (f.strip_prefix(&src).unwrap().display().to_string(), lines)
        })
        .filter(|(_, lines)| *lines > 600)
        .collect();
    assert!(long.is_empty(), "files over 600 lines: {long:?}");
}

/// The browser page's modules each do one thing: none over 400 lines (the round, the
/// panel, what is shown, the words, move entry, the board and its pieces apart). The
/// protocol's module is generated from the Rust definitions, as long as they are.
#[test]
fn no_page_module_is_over_400_lines() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("server/web/app");
    let long: Vec<(String, usize)> = std::fs::read_dir(&app)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .filter(|p| p.file_name().is_some_and(|n| n != "protocol.js"))
        .map(|p| {
            let lines = std::fs::read_to_string(&p).unwrap().lines().count();
            (p.file_name().unwrap().to_string_lossy().into_owned(), lines)
        })
        .filter(|(_, lines)| *lines > 400)
        .collect();
    assert!(long.is_empty(), "page modules over 400 lines: {long:?}");
}

/// The page's vocabulary comes from the Rust definitions (`app/protocol.js`, generated):
/// no other page file spells the version, a reason's words or a seat's colour.
#[test]
fn the_page_keeps_no_copy_of_the_protocols_vocabulary() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("server/web/app");
    let copies = [
        "PROTOCOL =",
        "pieces in the goal castle",
        "threefold repetition",
        "#faf7f0",
        "#400302",
        "\"camelot-protocol\"",
    ];
    let mut found = Vec::new();
    for e in std::fs::read_dir(&app).unwrap().flatten() {
        let p = e.path();
        if p.extension().is_none_or(|x| x != "js") || p.ends_with("protocol.js") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        for copy in copies {
            if text.contains(copy) {
                found.push(format!("{}: {copy}", p.display()));
            }
        }
        // A move is read by its structure: no pattern over its text, no test for an `x`.
        for reading in [".match(/[A-Z]", "includes(\"x\")", "move.text", "m.text"] {
            if text.contains(reading) {
                found.push(format!("{}: {reading}", p.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// The parameters of every `fn` in `text`: (line, name, count).
fn parameter_counts(text: &str) -> Vec<(usize, String, usize)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text[from..].find("fn ") {
        let start = from + at;
        from = start + 3;
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
            continue;
        }
        let name: String = text[start + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        let Some(open) = text[start..].find('(').map(|i| start + i) else {
            break;
        };
        // The parameter list: to the matching parenthesis, counting top-level commas.
        let (mut depth, mut count, mut any, mut i) = (1, 0, false, open + 1);
        while i < bytes.len() && depth > 0 {
            match bytes[i] {
                b'(' | b'[' | b'{' | b'<' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                b'>' if bytes[i - 1] != b'-' && bytes[i - 1] != b'=' => depth -= 1,
                b',' if depth == 1 => count += 1,
                c if !c.is_ascii_whitespace() && depth >= 1 => any = true,
                _ => {}
            }
            i += 1;
        }
        let list = &text[open + 1..i.saturating_sub(1)];
        let trailing = list.trim_end().ends_with(',');
        let mut n = if any {
            count + 1 - usize::from(trailing)
        } else {
            0
        };
        if list.trim_start().starts_with("&self")
            || list.trim_start().starts_with("&mut self")
            || list.trim_start().starts_with("self")
            || list.trim_start().starts_with("mut self")
        {
            n -= 1;
        }
        out.push((text[..start].lines().count() + 1, name, n));
    }
    out
}

/// The game's systems take what they need in few parameters, grouped by what belongs
/// together: no function of the workspace over eight parameters, no SystemParam over
/// twelve fields (the panel composes the sections each feature exports).
#[test]
fn no_function_over_eight_parameters_and_no_system_param_over_twelve_fields() {
    let files = workspace_files();
    let mut long = Vec::new();
    let mut wide = Vec::new();
    let mut params_seen = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (line, name, n) in parameter_counts(&text) {
            if n > 8 {
                long.push(format!("{}:{line}: {name} takes {n}", f.display()));
            }
        }
        let lines: Vec<&str> = text.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            if !l.contains("derive(SystemParam)") && !l.contains("system::SystemParam)]") {
                continue;
            }
            params_seen += 1;
            let body = lines[i + 1..]
                .iter()
                .skip_while(|l| !l.contains("struct "))
                .skip(1)
                .take_while(|l| !l.starts_with('}'));
            let fields = body
                .filter(|l| {
                    let t = l.trim_start();
                    l.starts_with("    ")
                        && !l.starts_with("     ")
                        && t.contains(':')
                        && !t.starts_with("//")
                })
                .count();
            if fields > 12 {
                wide.push(format!("{}:{}: {fields} fields", f.display(), i + 1));
            }
        }
    }
    assert!(params_seen > 10, "the SystemParams were found");
    assert!(
        long.is_empty(),
        "functions over eight parameters: {long:#?}"
    );
    assert!(
        wide.is_empty(),
        "SystemParams over twelve fields: {wide:#?}"
    );
    // The counting itself.
    let counted = parameter_counts(
        "fn a(x: u8, y: Vec<(u8, u8)>, z: impl Fn(u8) -> u8) {}\nfn b(&self) {}\nfn c(\n    p: u8,\n) {}",
    );
    let counts: Vec<usize> = counted.iter().map(|c| c.2).collect();
    assert_eq!(counts, [3, 0, 1]);
}
