//! A test that cannot run here (no browser, no PostgreSQL, no display or graphics
//! adapter) is reported as not run: the harness of [`crate::harness!`] counts it among
//! the "ignored", with its reason, in the summary a person reads. Where CI has set the
//! variable that requires what it needs, it fails instead. Each skip is also appended
//! to the file named by `CAMELOT_SKIP_LOG`.

use std::cell::RefCell;

thread_local! {
    /// Why the test running on this thread could not run, once it said so.
    static NOT_RUN: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Skips `test` for `why`, or panics when the environment variable `required_by` is `1`.
/// The test then returns; its harness reports it ignored.
pub fn skip(test: &str, why: &str, required_by: &str) {
    if std::env::var_os(required_by).is_some_and(|v| v == "1") {
        panic!("{test}: {why}, and {required_by}=1 requires it");
    }
    NOT_RUN.with(|r| *r.borrow_mut() = Some(why.to_string()));
    if let Some(log) = std::env::var_os("CAMELOT_SKIP_LOG") {
        use std::io::Write;
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
        {
            let _ = writeln!(f, "{test}: {why}");
        }
    }
}

/// A test of a file run by [`crate::harness!`].
pub type TestFn = Box<dyn FnOnce() + Send>;

/// Runs a test file's tests as libtest does (the same arguments, output and summary),
/// except that a test which called [`skip`] is counted as ignored, with its reason,
/// instead of passed.
pub fn run_tests(tests: Vec<(&'static str, TestFn)>) -> std::process::ExitCode {
    let args = libtest_mimic::Arguments::from_args();
    let trials = tests
        .into_iter()
        .map(|(name, test)| {
            libtest_mimic::Trial::ignorable_test(name, move || {
                NOT_RUN.with(|r| r.borrow_mut().take());
                test();
                Ok(match NOT_RUN.with(|r| r.borrow_mut().take()) {
                    Some(why) => libtest_mimic::Completion::ignored_with(why),
                    None => libtest_mimic::Completion::Completed,
                })
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}

/// Runs an async test to its end on a runtime of its own, as `#[tokio::test(flavor =
/// "multi_thread", worker_threads = 2)]` does.
pub fn block_on<F: std::future::Future<Output = ()>>(test: F) {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(test)
}

/// The `main` of a test file whose tests may not be able to run here (`harness =
/// false` in its `[[test]]`): `camelot_test_support::harness!(first_test, second_test);`
/// lists its test functions; `async: a, b` lists async ones.
#[macro_export]
macro_rules! harness {
    ($($test:ident),* $(,)? $(; async: $($async_test:ident),* $(,)?)?) => {
        fn main() -> std::process::ExitCode {
            $crate::run_tests(vec![
                $((stringify!($test), Box::new($test) as $crate::TestFn),)*
                $($((
                    stringify!($async_test),
                    Box::new(|| $crate::block_on($async_test())) as $crate::TestFn
                ),)*)?
            ])
        }
    };
}
