//! Linker settings for the game's binaries.
//!
//! A position-independent Rust binary carries one relocation per pointer in its
//! read-only data (Bevy's vtables and reflection tables): 11 MB of the 62 MB release
//! binary. glibc 2.36 and later read them packed (DT_RELR), which takes them to a few
//! kilobytes. Older C libraries cannot start such a binary, so the packing is asked for
//! only when building on and for a glibc that has it.
//!
//! Also the commit the binaries are built from, for `--version`.

include!("packaging/commit.rs");

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn host_glibc() -> Option<(u32, u32)> {
    use std::ffi::{c_char, CStr};
    extern "C" {
        fn gnu_get_libc_version() -> *const c_char;
    }
    // SAFETY: glibc returns a static NUL-terminated string such as "2.36".
    let text = unsafe { CStr::from_ptr(gnu_get_libc_version()) }
        .to_str()
        .ok()?;
    let mut parts = text.split('.').map(|p| p.parse::<u32>().ok());
    Some((parts.next()??, parts.next()??))
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn host_glibc() -> Option<(u32, u32)> {
    None
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=packaging/commit.rs");
    emit_commit();
    let native = std::env::var("TARGET").ok() == std::env::var("HOST").ok();
    let gnu_linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    if native && gnu_linux && host_glibc().is_some_and(|v| v >= (2, 36)) {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
