//! The server on the internet as docs/deploy.md sets it up: Debian's nginx in front,
//! running `packaging/nginx/camelot.conf` itself (its ports, name and certificate changed
//! for the test), TLS there, two server processes on one PostgreSQL behind, each trusting
//! nginx's word on whose a request is. Real processes on loopback: clients from several
//! loopback addresses, the game socket through the proxy, a process killed mid-game.
//! Without nginx or PostgreSQL the test says so and does not run, unless
//! `CAMELOT_REQUIRE_NGINX=1` (`.ci/run` sets it and installs nginx): then it fails.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use camelot_engine::{SeatColour, Variant};
use camelot_online::protocol::{
    ClientMessage, GameId, Hello, SeatToken, ServerMessage, TimeControl,
};
use camelot_online::{Connection, ServerAddress};
use camelot_test_support::addressed::https_from;
use camelot_test_support::online::{by_squares, create};
use camelot_test_support::{
    postgres_url, scratch, self_signed_certificate, skip, Certificate, Server,
};
use sqlx::Connection as _;

const NGINX: &str = "/usr/sbin/nginx";

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_camelot-server"))
}

/// nginx, running until dropped.
struct Nginx {
    child: Child,
}

impl Drop for Nginx {
    /// Stopped as a service manager stops it (SIGTERM to the master, which ends its
    /// workers); killed only if that fails.
    fn drop(&mut self) {
        let asked = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        if !asked {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `text` with `from` replaced by `to`, which must be there: a configuration file changed
/// so that this no longer fits fails here, rather than testing something else.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(
        text.contains(from),
        "packaging/nginx/camelot.conf no longer has `{from}`"
    );
    text.replace(from, to)
}

/// packaging/nginx/camelot.conf on loopback ports, with the test's certificate and its
/// upstreams the two servers; in an `http` block of its own as Debian's nginx.conf has.
fn configuration(
    dir: &Path,
    https: u16,
    http: u16,
    servers: [u16; 2],
    cert: &Certificate,
) -> PathBuf {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../packaging/nginx/camelot.conf");
    let mut site = std::fs::read_to_string(&shipped).unwrap();
    for (from, to) in [
        ("listen [::]:80;", String::new()),
        ("listen [::]:443 ssl;", String::new()),
        ("listen 80;", format!("listen 127.0.0.1:{http};")),
        ("listen 443 ssl;", format!("listen 127.0.0.1:{https} ssl;")),
        ("127.0.0.1:8080", format!("127.0.0.1:{}", servers[0])),
        ("127.0.0.1:8081", format!("127.0.0.1:{}", servers[1])),
        (
            "/etc/letsencrypt/live/camelot.example.org/fullchain.pem",
            cert.cert.display().to_string(),
        ),
        (
            "/etc/letsencrypt/live/camelot.example.org/privkey.pem",
            cert.key.display().to_string(),
        ),
        ("camelot.example.org", "localhost".to_string()),
    ] {
        site = replaced(&site, from, &to);
    }
    std::fs::write(dir.join("camelot.conf"), site).unwrap();
    let d = dir.display();
    // As root nginx's workers would be `nobody`, who may not read the test's folder.
    let user = if std::env::var("USER").as_deref() == Ok("root") || is_root() {
        "user root;"
    } else {
        ""
    };
    let main = format!(
        "{user}\ndaemon off;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
         events {{ worker_connections 512; }}\n\
         http {{\n  access_log off;\n  client_body_temp_path {d}/body;\n  proxy_temp_path {d}/proxy;\n\
           fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n\
           include {d}/camelot.conf;\n}}\n"
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, main).unwrap();
    path
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

fn start_nginx(dir: &Path, conf: &Path, https: u16) -> Nginx {
    let child = Command::new(NGINX)
        .args(["-p", &dir.display().to_string(), "-e", "stderr", "-c"])
        .arg(conf)
        .stdin(Stdio::null())
        .spawn()
        .expect("nginx starts");
    let nginx = Nginx { child };
    camelot_test_support::wait_until("nginx listens", Duration::from_secs(10), || {
        std::net::TcpStream::connect(("127.0.0.1", https)).is_ok()
    });
    nginx
}

/// Connections established to `port` on this machine now (from /proc/net/tcp): which
/// server process the players' sockets reached through the proxy.
fn established_to(port: u16) -> usize {
    let table = std::fs::read_to_string("/proc/net/tcp").unwrap_or_default();
    let local = format!("0100007F:{port:04X}");
    table
        .lines()
        .skip(1)
        .filter(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            f.get(1) == Some(&local.as_str()) && f.get(3) == Some(&"01")
        })
        .count()
}

/// `POST /games` through nginx from loopback address `from`, with a header of its own
/// (a forged `X-Forwarded-For`, say): the status.
async fn create_from(from: &str, https: u16, cert: &Certificate, extra: &str) -> u16 {
    let body = r#"{"variant":"camette"}"#;
    let request = format!(
        "POST /games HTTP/1.0\r\nHost: localhost:{https}\r\ncontent-type: application/json\r\n\
         {extra}content-length: {}\r\n\r\n{body}",
        body.len()
    );
    let answer = https_from(from, https, cert.cert.as_path(), &request)
        .await
        .expect("nginx answers");
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{answer}"))
}

async fn seat(url: &ServerAddress, game: &GameId, token: &SeatToken) -> (Connection, u32) {
    let mut c = Connection::open(url).await.expect("connects through nginx");
    c.send(&Hello::seat(game, Some(token), None).into())
        .await
        .unwrap();
    loop {
        if let ServerMessage::State { game, .. } = next(&mut c).await {
            return (c, game.moves.len() as u32);
        }
    }
}

async fn next(c: &mut Connection) -> ServerMessage {
    tokio::time::timeout(Duration::from_secs(15), c.recv())
        .await
        .expect("a message within 15 s")
        .expect("a message")
}

/// Plays `mv` as ply `ply` on `mover` and waits until `other` hears it.
async fn play(mover: &mut Connection, other: &mut Connection, ply: u32, mv: &str) {
    mover
        .send(&ClientMessage::Move {
            id: u64::from(ply),
            ply,
            mv: by_squares(mv),
        })
        .await
        .unwrap();
    loop {
        match next(mover).await {
            ServerMessage::Ack { .. } => break,
            ServerMessage::Error { message, .. } => panic!("{mv}: {message}"),
            _ => {}
        }
    }
    while !matches!(next(other).await, ServerMessage::Moved { ply: p, .. } if p == ply) {}
}

/// Whether the server closed `c` within a few seconds.
async fn closed(c: &mut Connection) -> bool {
    let wait = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            if c.recv().await.is_err() {
                return;
            }
        }
    });
    wait.await.is_ok()
}

async fn fresh_database(admin: &str, name: &str) -> String {
    let mut c = sqlx::PgConnection::connect(admin).await.unwrap();
    for q in [
        format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
        format!("CREATE DATABASE {name}"),
    ] {
        sqlx::query(&q).execute(&mut c).await.unwrap();
    }
    let (base, _) = admin.rsplit_once('/').expect("a database in the URL");
    format!("{base}/{name}")
}

async fn behind_nginx_each_player_is_themselves_and_a_game_outlives_a_process() {
    const TEST: &str = "behind_nginx_each_player_is_themselves_and_a_game_outlives_a_process";
    if !Path::new(NGINX).exists() {
        skip(
            TEST,
            "no nginx: apt install nginx-light",
            "CAMELOT_REQUIRE_NGINX",
        );
        return;
    }
    let Some(admin) = postgres_url(TEST) else {
        return;
    };
    let dir = scratch("behind-nginx");
    let cert = self_signed_certificate(&dir);
    // The client library trusts the test's certificate as a machine's own authority.
    std::env::set_var("SSL_CERT_FILE", &cert.cert);
    let name = format!("camelot_nginx_{}", std::process::id());
    let db = fresh_database(&admin, &name).await;
    let args = [
        "--listen",
        "127.0.0.1:0",
        "--database",
        db.as_str(),
        "--trusted-proxy",
        "127.0.0.1",
        "--games-per-minute",
        "1",
    ];
    let mut servers = [
        Server::start_with(bin(), &args),
        Server::start_with(bin(), &args),
    ];
    let (https, http) = (free_port(), free_port());
    let conf = configuration(&dir, https, http, [servers[0].port, servers[1].port], &cert);
    let nginx = start_nginx(&dir, &conf, https);

    // Plain HTTP is sent to HTTPS.
    let plain = std::net::TcpStream::connect(("127.0.0.1", http)).map(|mut t| {
        use std::io::{Read, Write};
        let _ = t.write_all(b"GET /tv HTTP/1.0\r\nHost: localhost\r\n\r\n");
        let mut text = String::new();
        let _ = t.read_to_string(&mut text);
        text
    });
    let plain = plain.unwrap();
    assert!(plain.starts_with("HTTP/1.1 301"), "{plain}");
    assert!(plain.contains("Location: https://localhost/tv"), "{plain}");

    // Four players at four addresses, each with an allowance of one game a minute: all
    // four served, though every request reaches the servers from nginx's one address.
    for from in ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"] {
        assert_eq!(create_from(from, https, &cert, "").await, 201, "{from}");
    }
    assert_eq!(create_from("127.0.0.2", https, &cert, "").await, 429);
    // A player who writes someone else's address is still themselves.
    let forged = "x-forwarded-for: 127.0.0.77\r\n";
    assert_eq!(create_from("127.0.0.3", https, &cert, forged).await, 429);

    // A game through the proxy, over the game socket.
    let url = ServerAddress::parse(&format!("https://localhost:{https}")).unwrap();
    let created = create(&url, Variant::Camelot, TimeControl::Untimed).await;
    let game = &created.game;
    let white_token = &created.seats[&SeatColour::White];
    let black_token = &created.seats[&SeatColour::Black];
    let (mut white, _) = seat(&url, game, white_token).await;
    let (mut black, _) = seat(&url, game, black_token).await;
    let moves = ["E6-E8", "H11-F9", "H6-F8", "G11-G9", "D6-D8", "I11-H11"];
    for (ply, mv) in moves[..4].iter().enumerate() {
        let ply = ply as u32;
        if ply.is_multiple_of(2) {
            play(&mut white, &mut black, ply, mv).await;
        } else {
            play(&mut black, &mut white, ply, mv).await;
        }
    }
    // nginx keeps one player at one process (it hashes the address): kill that one.
    let on: Vec<usize> = servers.iter().map(|s| established_to(s.port)).collect();
    let serving = if on[0] >= on[1] { 0 } else { 1 };
    assert!(on[serving] >= 2, "the players' sockets: {on:?}");
    servers[serving].kill();
    assert!(closed(&mut white).await && closed(&mut black).await);
    // They come back as the page does, through the same address, to the other process.
    let (mut white, ply) = seat(&url, game, white_token).await;
    assert_eq!(ply, 4, "every move before the kill is there");
    let (mut black, _) = seat(&url, game, black_token).await;
    play(&mut white, &mut black, 4, moves[4]).await;
    play(&mut black, &mut white, 5, moves[5]).await;
    let record =
        camelot_test_support::http_get(&servers[1 - serving].url, &format!("/games/{game}.cgn"));
    for mv in moves {
        assert!(record.contains(mv), "{mv} in {record}");
    }

    drop((white, black, nginx));
    drop(servers);
    let mut c = sqlx::PgConnection::connect(&admin).await.unwrap();
    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut c)
        .await;
    let _ = std::fs::remove_dir_all(&dir);
}

camelot_test_support::harness!(;
    async: behind_nginx_each_player_is_themselves_and_a_game_outlives_a_process
);
