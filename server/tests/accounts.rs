//! Accounts on a real server process on loopback: signing up, logging in and out with a
//! program's token and with a browser's cookie, a password changed on every device, an
//! account closed and its name kept, the operator's commands; and what an attacker
//! tries: names that pass for the server's, other sites' pages, guessing (throttled,
//! and a wrong name answered as a wrong password is, in the same time), and a password
//! looked for in the database and the server's log.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use camelot_online::protocol::accounts::{
    AccountKind, AccountName, AccountToken, ChangePassword, CloseAccount, LogIn, LogOut,
    LookAtPlayer, Password, Session, SignUp, WhoAmI,
};
use camelot_online::protocol::ErrorCode;
use camelot_online::{ask, ask_as, OnlineError, ServerAddress};
use camelot_test_support::addressed::exchange_from;
use camelot_test_support::online::sqlite_server_with;
use camelot_test_support::{scratch, sqlite, wait_until, Server};

const BIN: &str = env!("CARGO_BIN_EXE_camelot-server");

fn server(name: &str) -> Server {
    sqlite_server_with(Path::new(BIN), name, &[])
}

fn name(n: &str) -> AccountName {
    AccountName::parse(n).unwrap()
}

fn password(p: &str) -> Password {
    Password::parse(p).unwrap()
}

fn sign_up(n: &str, p: &str) -> SignUp {
    SignUp {
        name: name(n),
        password: password(p),
        kind: AccountKind::Person,
        rated_with_people: false,
        token: true,
    }
}

fn log_in(n: &str, p: &str) -> LogIn {
    LogIn {
        name: name(n),
        password: password(p),
        token: true,
        device: None,
    }
}

/// The code a refused request came back with.
fn code<T: std::fmt::Debug>(r: Result<T, OnlineError>) -> ErrorCode {
    match r {
        Err(OnlineError::Refused { code, .. }) => code,
        other => panic!("refused, not {other:?}"),
    }
}

async fn token_of(url: &ServerAddress, req: &SignUp) -> AccountToken {
    let s: Session = ask(url, req).await.expect("signed up");
    s.token.expect("a program's session has a token")
}

#[tokio::test]
async fn a_program_signs_up_logs_in_and_out_with_a_token() {
    let server = server("accounts-token");
    let url = server.address();
    let session = ask(&url, &sign_up("Lancelot", "du lac 1234"))
        .await
        .unwrap();
    assert_eq!(session.name.as_str(), "Lancelot");
    assert_eq!(session.kind, AccountKind::Person);
    let token = session.token.expect("a token");
    let me = ask_as(&url, Some(&token), &WhoAmI {}).await.unwrap();
    assert_eq!((me.name.as_str(), me.token), ("Lancelot", None));
    // Unique without regard to case.
    assert_eq!(
        code(ask(&url, &sign_up("LANCELOT", "another one")).await),
        ErrorCode::NameTaken
    );
    // The player's page, for anyone.
    let page = ask(
        &url,
        &LookAtPlayer {
            name: name("lancelot"),
        },
    )
    .await
    .unwrap();
    assert_eq!(page.name.as_str(), "Lancelot");
    assert!(page.ratings.is_empty() && page.playing.is_empty());
    // Logged out: the token is nobody's.
    ask_as(&url, Some(&token), &LogOut {}).await.unwrap();
    assert_eq!(
        code(ask_as(&url, Some(&token), &WhoAmI {}).await),
        ErrorCode::NotSignedIn
    );
    assert_eq!(code(ask(&url, &WhoAmI {}).await), ErrorCode::NotSignedIn);
    // The name is the account's however it is written.
    let again = ask(&url, &log_in("lAnCeLoT", "du lac 1234")).await.unwrap();
    assert_eq!(again.name.as_str(), "Lancelot");
    assert_eq!(
        code(ask(&url, &log_in("Lancelot", "du lac 12345")).await),
        ErrorCode::WrongPassword
    );
    // A computer's account says so.
    let mut bot = sign_up("Merlins-engine", "a program's password");
    bot.kind = AccountKind::Computer;
    assert_eq!(ask(&url, &bot).await.unwrap().kind, AccountKind::Computer);
}

#[tokio::test]
async fn names_and_passwords_that_cannot_be_are_said_as_such() {
    let server = server("accounts-names");
    for (body, expected) in [
        (r#"{"name":"A","password":"long enough"}"#, "bad_name"),
        (
            r#"{"name":"Sir Bors","password":"long enough"}"#,
            "bad_name",
        ),
        (
            r#"{"name":"Computer","password":"long enough"}"#,
            "bad_name",
        ),
        (r#"{"name":"admin_2","password":"long enough"}"#, "bad_name"),
        (r#"{"name":"Bors","password":"short"}"#, "bad_password"),
        (r#"{"name":"Bors"}"#, "unreadable"),
    ] {
        let r = exchange_from(
            "127.0.0.1",
            &server,
            "POST /account",
            &["content-type: application/json"],
            body,
        )
        .await;
        assert_eq!(r.status, 400, "{body}: {r:?}");
        assert!(
            r.body.contains(&format!("\"code\":\"{expected}\"")),
            "{body}: {r:?}"
        );
    }
}

#[tokio::test]
async fn a_browsers_session_is_an_http_only_cookie_and_changes_come_from_the_page() {
    let server = server("accounts-cookie");
    let origin = format!("origin: http://127.0.0.1:{}", server.port);
    let json = "content-type: application/json";
    let made = exchange_from(
        "127.0.0.1",
        &server,
        "POST /account",
        &[json, &origin],
        r#"{"name":"Gawain","password":"green knight"}"#,
    )
    .await;
    assert_eq!(made.status, 201, "{made:?}");
    let cookie = made.header("set-cookie").expect("a cookie").to_string();
    assert!(cookie.starts_with("camelot_session="), "{cookie}");
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(cookie.contains(flag), "{flag}: {cookie}");
    }
    // Plain HTTP: not Secure (the browser would drop it); over TLS it is (a unit test).
    assert!(!cookie.contains("Secure"), "{cookie}");
    assert!(
        !made.body.contains("token"),
        "the page's scripts never see it: {made:?}"
    );
    let session = cookie.split(';').next().unwrap().to_string();
    let with_cookie = format!("cookie: {session}");
    let me = exchange_from("127.0.0.1", &server, "GET /session", &[&with_cookie], "").await;
    assert_eq!(me.status, 200, "{me:?}");
    assert!(me.body.contains("\"name\":\"Gawain\""), "{me:?}");
    // Another site's page may not log anyone in, or out.
    let evil = exchange_from(
        "127.0.0.1",
        &server,
        "POST /session",
        &[json, "origin: http://evil.example"],
        r#"{"name":"Gawain","password":"green knight"}"#,
    )
    .await;
    assert_eq!(evil.status, 403, "{evil:?}");
    // A change on the strength of a cookie, from no page, is refused.
    let bare = exchange_from(
        "127.0.0.1",
        &server,
        "DELETE /session",
        &[json, &with_cookie],
        "{}",
    )
    .await;
    assert_eq!(bare.status, 403, "{bare:?}");
    assert!(bare.body.contains("cross_site"), "{bare:?}");
    let out = exchange_from(
        "127.0.0.1",
        &server,
        "DELETE /session",
        &[json, &with_cookie, &origin],
        "{}",
    )
    .await;
    assert_eq!(out.status, 200, "{out:?}");
    assert!(
        out.header("set-cookie")
            .is_some_and(|c| c.contains("Max-Age=0")),
        "{out:?}"
    );
    let gone = exchange_from("127.0.0.1", &server, "GET /session", &[&with_cookie], "").await;
    assert_eq!(gone.status, 401, "{gone:?}");
    assert!(gone.body.contains("not_signed_in"), "{gone:?}");
}

#[tokio::test]
async fn a_changed_password_ends_every_session_on_every_device() {
    let server = server("accounts-password");
    let url = server.address();
    let first = token_of(&url, &sign_up("Percival", "the grail 1")).await;
    let second = ask(&url, &log_in("Percival", "the grail 1"))
        .await
        .unwrap()
        .token
        .unwrap();
    let change = ChangePassword {
        old: password("the grail 1"),
        new: password("the grail 2"),
        token: true,
    };
    let wrong = ChangePassword {
        old: password("not the grail"),
        ..change.clone()
    };
    // Logged in, a wrong current password is said as that.
    match ask_as(&url, Some(&first), &wrong).await {
        Err(OnlineError::Refused { code, message }) => assert_eq!(
            (code, message.as_str()),
            (
                ErrorCode::WrongPassword,
                "that is not your current password"
            )
        ),
        other => panic!("refused: {other:?}"),
    }
    let fresh = ask_as(&url, Some(&first), &change)
        .await
        .unwrap()
        .token
        .unwrap();
    for old in [&first, &second] {
        assert_eq!(
            code(ask_as(&url, Some(old), &WhoAmI {}).await),
            ErrorCode::NotSignedIn
        );
    }
    assert!(ask_as(&url, Some(&fresh), &WhoAmI {}).await.is_ok());
    assert_eq!(
        code(ask(&url, &log_in("Percival", "the grail 1")).await),
        ErrorCode::WrongPassword
    );
    assert!(ask(&url, &log_in("Percival", "the grail 2")).await.is_ok());
}

/// Recovery codes: eight at sign-up, shown that once; one sets a new password (every
/// session ends, the new one is the device's) and is spent; a wrong name or a spent code
/// is refused as a wrong password is; codes made again from Settings void the old ones.
#[tokio::test]
async fn a_recovery_code_sets_a_new_password_once() {
    use camelot_online::protocol::accounts::{NewRecoveryCodes, Recover};
    use camelot_online::protocol::recovery::RecoveryCode;
    // More tries than a minute's five for one account: this test is of the codes.
    let server = sqlite_server_with(
        Path::new(BIN),
        "accounts-recovery",
        &["--logins-per-account-per-minute", "20"],
    );
    let url = server.address();
    let made = ask(&url, &sign_up("Galahad", "the siege perilous"))
        .await
        .unwrap();
    let codes = made.recovery_codes.clone();
    assert_eq!(codes.len(), 8);
    let mut unique = codes.clone();
    unique.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    unique.dedup();
    assert_eq!(unique.len(), 8, "eight different codes");
    let old = made.token.unwrap();
    // Shown once: a login carries none.
    let again = ask(&url, &log_in("Galahad", "the siege perilous"))
        .await
        .unwrap();
    assert!(again.recovery_codes.is_empty());
    let recover = |n: &str, code: &RecoveryCode, new: &str| Recover {
        name: name(n),
        code: code.clone(),
        new: password(new),
        token: true,
    };
    assert_eq!(
        code(ask(&url, &recover("Gawain", &codes[0], "a cup of gold")).await),
        ErrorCode::WrongPassword,
        "another's name"
    );
    let fresh = ask(&url, &recover("galahad", &codes[0], "a cup of gold"))
        .await
        .unwrap()
        .token
        .unwrap();
    for ended in [&old, again.token.as_ref().unwrap()] {
        assert_eq!(
            code(ask_as(&url, Some(ended), &WhoAmI {}).await),
            ErrorCode::NotSignedIn
        );
    }
    assert!(ask_as(&url, Some(&fresh), &WhoAmI {}).await.is_ok());
    assert!(ask(&url, &log_in("Galahad", "a cup of gold")).await.is_ok());
    match ask(&url, &recover("Galahad", &codes[0], "a cup of silver")).await {
        Err(OnlineError::Refused { code, message }) => assert_eq!(
            (code, message.as_str()),
            (
                ErrorCode::WrongPassword,
                "no account has that name and an unused recovery code like that"
            )
        ),
        other => panic!("spent: {other:?}"),
    }
    // Made again: the old ones are void, the new ones good.
    let remade = ask_as(
        &url,
        Some(&fresh),
        &NewRecoveryCodes {
            password: password("a cup of gold"),
        },
    )
    .await
    .unwrap()
    .codes;
    assert_eq!(remade.len(), 8);
    assert_eq!(
        code(ask(&url, &recover("Galahad", &codes[1], "a cup of silver")).await),
        ErrorCode::WrongPassword
    );
    assert!(
        ask(&url, &recover("Galahad", &remade[3], "a cup of silver"))
            .await
            .is_ok()
    );
    // A code is no way round a weak password.
    assert_eq!(
        code(ask(&url, &recover("Galahad", &remade[4], "password")).await),
        ErrorCode::WeakPassword
    );
}

#[tokio::test]
async fn a_closed_accounts_name_is_nobodys_and_the_operator_resets_and_closes() {
    let dir = scratch("accounts-closed");
    let db = sqlite(&dir);
    let server = Server::start_with(
        Path::new(BIN),
        &["--listen", "127.0.0.1:0", "--database", &db],
    );
    let url = server.address();
    let token = token_of(&url, &sign_up("Mordred", "the usurper")).await;
    let close = CloseAccount {
        password: password("the usurper"),
    };
    ask_as(&url, Some(&token), &close).await.unwrap();
    assert_eq!(
        code(ask_as(&url, Some(&token), &WhoAmI {}).await),
        ErrorCode::NotSignedIn
    );
    assert_eq!(
        code(ask(&url, &log_in("Mordred", "the usurper")).await),
        ErrorCode::WrongPassword
    );
    assert_eq!(
        code(ask(&url, &sign_up("mordred", "another claim")).await),
        ErrorCode::NameTaken,
        "a closed account's name is kept for 30 days"
    );
    assert_eq!(
        code(
            ask(
                &url,
                &LookAtPlayer {
                    name: name("Mordred")
                }
            )
            .await
        ),
        ErrorCode::NoSuchPlayer
    );
    // The operator, on the same database.
    let old = token_of(&url, &sign_up("Kay", "the seneschal")).await;
    let operate = |args: &[&str]| {
        let out = Command::new(BIN)
            .args(["--database", &db, "account"])
            .args(args)
            .stderr(Stdio::inherit())
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let said = operate(&["reset-password", "Kay"]);
    let new = said
        .lines()
        .find_map(|l| l.strip_prefix("Kay's new password: "))
        .unwrap_or_else(|| panic!("{said}"))
        .to_string();
    assert_eq!(
        code(ask_as(&url, Some(&old), &WhoAmI {}).await),
        ErrorCode::NotSignedIn
    );
    assert!(ask(&url, &log_in("Kay", &new)).await.is_ok());
    assert!(operate(&["close", "kay"]).contains("account is closed"));
    assert_eq!(
        code(ask(&url, &log_in("Kay", &new)).await),
        ErrorCode::WrongPassword
    );
    let unknown = Command::new(BIN)
        .args(["--database", &db, "account", "close", "Nobody1"])
        .output()
        .unwrap();
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no account is named Nobody1"));
}

/// The time one login from `from` takes to be refused.
/// `POST /session` with the JSON `body`, from `from`.
async fn log_in_from(
    from: &str,
    server: &Server,
    body: &str,
) -> camelot_test_support::addressed::Reply {
    exchange_from(
        from,
        server,
        "POST /session",
        &["content-type: application/json"],
        body,
    )
    .await
}

async fn refused_in(server: &Server, from: &str, body: &str) -> Duration {
    let start = Instant::now();
    let r = log_in_from(from, server, body).await;
    assert_eq!(r.status, 401, "{r:?}");
    assert!(
        r.body.contains("no account has that name and password"),
        "{r:?}"
    );
    start.elapsed()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

#[tokio::test]
async fn guessing_is_throttled_and_a_wrong_name_is_a_wrong_password() {
    let server = server("accounts-guessing");
    let url = server.address();
    token_of(&url, &sign_up("Bedivere", "the last knight")).await;
    token_of(&url, &sign_up("Tristan", "isolde 12345")).await;
    // The same answer, in the same time: a wrong name is checked against a hash too. The
    // two kinds take turns, so that a busy machine slows both alike; without the hash a
    // wrong name is answered some hundred times sooner, far outside these bounds.
    let mut no_name = Vec::new();
    let mut wrong_password = Vec::new();
    for i in 0..5 {
        no_name.push(
            refused_in(
                &server,
                &format!("127.0.0.{}", 10 + i),
                &format!(r#"{{"name":"Nobody{i}","password":"the last knight"}}"#),
            )
            .await,
        );
        wrong_password.push(
            refused_in(
                &server,
                &format!("127.0.0.{}", 20 + i),
                r#"{"name":"Tristan","password":"isolde 1234"}"#,
            )
            .await,
        );
    }
    let (a, b) = (median(no_name), median(wrong_password));
    let ratio = a.as_secs_f64() / b.as_secs_f64();
    assert!(
        (0.25..4.0).contains(&ratio),
        "a wrong name {a:?}, a wrong password {b:?}"
    );
    // Five tries a minute at one account, from wherever: the sixth waits.
    let sixth = log_in_from(
        "127.0.0.30",
        &server,
        r#"{"name":"Tristan","password":"isolde 12345"}"#,
    )
    .await;
    assert_eq!(sixth.status, 429, "{sixth:?}");
    assert!(sixth.header("retry-after").is_some(), "{sixth:?}");
    // Ten a minute from one address, whatever the names.
    for i in 0..10 {
        let body = format!(r#"{{"name":"Someone{i}","password":"guess guess"}}"#);
        refused_in(&server, "127.0.0.40", &body).await;
    }
    let eleventh = log_in_from(
        "127.0.0.40",
        &server,
        r#"{"name":"Someone99","password":"guess guess"}"#,
    )
    .await;
    assert_eq!(eleventh.status, 429, "{eleventh:?}");
}

#[tokio::test]
async fn no_password_is_in_the_database_or_the_log() {
    let dir = scratch("accounts-secrets");
    let db = sqlite(&dir);
    let log = dir.join("server.log");
    let out = dir.join("server.out");
    let mut child = Command::new(BIN)
        .args(["--no-tv", "--listen", "127.0.0.1:0", "--database", &db])
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let mut listening = String::new();
    wait_until("the server listens", Duration::from_secs(60), || {
        listening = std::fs::read_to_string(&out).unwrap_or_default();
        listening.contains("listening on ")
    });
    let address = listening.trim().trim_start_matches("listening on ");
    let url = ServerAddress::parse(address).unwrap();
    let secret = "Excalibur-in-the-stone-42";
    let token = token_of(&url, &sign_up("Arthur", secret)).await;
    let _ = ask(&url, &log_in("Arthur", "not the sword")).await;
    let _ = ask(&url, &log_in("Arthur", secret)).await.unwrap();
    let change = ChangePassword {
        old: password(secret),
        new: password("Caliburn-the-second-42"),
        token: true,
    };
    ask_as(&url, Some(&token), &change).await.unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let mut searched = 0;
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let bytes = std::fs::read(entry.path()).unwrap();
        searched += bytes.len();
        for needle in [secret, "Caliburn-the-second-42", token.as_str()] {
            assert!(
                !bytes.windows(needle.len()).any(|w| w == needle.as_bytes()),
                "{needle} in {}",
                entry.path().display()
            );
        }
    }
    assert!(
        searched > 4096,
        "the database and the log were read ({searched} bytes)"
    );
}

/// Nobody can lock another player out: an attacker sends 100 wrong passwords for
/// Percival's account from six addresses, which holds back strangers (429), and all the
/// while Percival logs in from the device he logged in from before (a program's device
/// token; a browser's is its cookie), changes his password with his live session, and
/// logs in from his browser with its device cookie. A device the account never saw waits
/// like the attacker.
#[tokio::test]
async fn an_attackers_wrong_passwords_lock_nobody_out() {
    let server = server("accounts-lockout");
    let url = server.address();
    let signed_up: Session = ask(&url, &sign_up("Percival", "the grail 1"))
        .await
        .unwrap();
    let device = signed_up
        .device
        .clone()
        .expect("a program's sign-up names its device");
    // His browser logs in once, from his home address: it gets a device cookie.
    let browser = log_in_from(
        "127.0.0.60",
        &server,
        r#"{"name":"Percival","password":"the grail 1"}"#,
    )
    .await;
    assert_eq!(browser.status, 200, "{browser:?}");
    let cookie = browser
        .headers
        .iter()
        .filter(|(n, _)| n == "set-cookie")
        .map(|(_, v)| v.clone())
        .find(|v| v.starts_with("camelot_device="))
        .expect("a device cookie");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    assert!(cookie.contains("Path=/session"), "{cookie}");
    let device_cookie = cookie.split(';').next().unwrap().to_string();

    let mut answers = std::collections::BTreeMap::new();
    for i in 0..100 {
        let from = format!("127.0.0.{}", 70 + i % 6);
        let body = format!(r#"{{"name":"Percival","password":"not the grail {i}"}}"#);
        let r = log_in_from(&from, &server, &body).await;
        *answers.entry(r.status).or_insert(0) += 1;
    }
    assert_eq!(answers.get(&200), None, "{answers:?}");
    assert!(answers.get(&429).is_some_and(|n| *n >= 90), "{answers:?}");
    assert!(answers.get(&401).is_some_and(|n| *n <= 10), "{answers:?}");

    // A device the account never saw, with the right password, waits too.
    let stranger = log_in_from(
        "127.0.0.90",
        &server,
        r#"{"name":"Percival","password":"the grail 1"}"#,
    )
    .await;
    assert_eq!(stranger.status, 429, "{stranger:?}");
    // His program, from a fresh address, on its device token: let in.
    let with_device = LogIn {
        device: Some(device.clone()),
        ..log_in("Percival", "the grail 1")
    };
    let from_known = log_in_from(
        "127.0.0.91",
        &server,
        &serde_json::to_string(&with_device).unwrap(),
    )
    .await;
    assert_eq!(from_known.status, 200, "{from_known:?}");
    let session: Session = serde_json::from_str(&from_known.body).unwrap();
    let token = session.token.expect("a token");
    // His password changed on that session: never held back by others' failures.
    let change = ChangePassword {
        old: password("the grail 1"),
        new: password("the grail 2"),
        token: true,
    };
    let changed = ask_as(&url, Some(&token), &change).await.unwrap();
    assert!(changed.token.is_some());
    // His browser logs in with the new password on its device cookie.
    let cookie_header = format!("cookie: {device_cookie}");
    let from_browser = exchange_from(
        "127.0.0.92",
        &server,
        "POST /session",
        &["content-type: application/json", &cookie_header],
        r#"{"name":"Percival","password":"the grail 2"}"#,
    )
    .await;
    assert_eq!(from_browser.status, 200, "{from_browser:?}");
    // A device token the account never saw is a stranger's.
    let forged = LogIn {
        device: Some(camelot_online::protocol::accounts::DeviceToken::new(
            "forged",
        )),
        ..log_in("Percival", "the grail 2")
    };
    let r = log_in_from(
        "127.0.0.93",
        &server,
        &serde_json::to_string(&forged).unwrap(),
    )
    .await;
    assert_eq!(r.status, 429, "{r:?}");
}

/// A new password that every list of breached passwords starts with is refused, at
/// sign-up and at a change, saying why; one that is hard to guess is taken.
#[tokio::test]
async fn passwords_guessers_try_first_are_refused_with_the_reason() {
    let server = server("accounts-weak");
    let url = server.address();
    for weak in ["password", "12345678", "        ", "galahad123"] {
        match ask(&url, &sign_up("Galahad", weak)).await {
            Err(OnlineError::Refused { code, message }) => {
                assert_eq!(code, ErrorCode::WeakPassword, "{weak:?}: {message}");
                assert!(
                    message.starts_with("that password is too easy to guess"),
                    "{message}"
                );
            }
            other => panic!("{weak:?}: {other:?}"),
        }
    }
    let token = token_of(&url, &sign_up("Galahad", "the siege perilous")).await;
    let change = ChangePassword {
        old: password("the siege perilous"),
        new: password("iloveyou"),
        token: true,
    };
    assert_eq!(
        code(ask_as(&url, Some(&token), &change).await),
        ErrorCode::WeakPassword
    );
    // Nothing changed: the old password still logs in.
    assert!(ask(&url, &log_in("Galahad", "the siege perilous"))
        .await
        .is_ok());
}

/// A sign-up refused for a taken name or a weak password made nothing, and does not
/// count against the address's sign-ups: with two a minute, two refusals and then two
/// sign-ups go through, and only a third sign-up waits.
#[tokio::test]
async fn refused_sign_ups_do_not_count_against_the_allowance() {
    let server = sqlite_server_with(
        Path::new(BIN),
        "accounts-refused-sign-ups",
        &["--sign-ups-per-minute", "2"],
    );
    let url = server.address();
    token_of(&url, &sign_up("Gareth", "the kitchen knight")).await;
    assert_eq!(
        code(ask(&url, &sign_up("gareth", "another claim")).await),
        ErrorCode::NameTaken
    );
    assert_eq!(
        code(ask(&url, &sign_up("Gaheris", "password")).await),
        ErrorCode::WeakPassword
    );
    token_of(&url, &sign_up("Gaheris", "the younger brother")).await;
    assert_eq!(
        code(ask(&url, &sign_up("Agravain", "the older brother")).await),
        ErrorCode::TooMany
    );
}
