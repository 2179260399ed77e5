//! The commit this binary is built from, for `--version`.

include!("../packaging/commit.rs");

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../packaging/commit.rs");
    emit_commit();
}
