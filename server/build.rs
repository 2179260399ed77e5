//! The commit this binary is built from, for `--version`.

include!("../packaging/commit.rs");

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // The migrations are built into the binary (`sqlx::migrate!`).
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=../packaging/commit.rs");
    emit_commit();
}
