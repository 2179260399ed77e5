//! A TCP proxy between a client and a server on loopback, that a test cuts: every
//! connection through it dropped at once, and new ones turned away until the test lets
//! them through again. A network that fails when the test says so.

use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

pub struct Proxy {
    /// The port clients connect to.
    pub port: u16,
    refusing: Arc<AtomicBool>,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    /// Forwards every connection on a port of its own to `target` on loopback.
    pub fn start(target: u16) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let refusing = Arc::new(AtomicBool::new(false));
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let (r, o) = (refusing.clone(), open.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().map_while(Result::ok) {
                if r.load(Ordering::SeqCst) {
                    continue;
                }
                let Ok(server) = TcpStream::connect(("127.0.0.1", target)) else {
                    continue;
                };
                let mut kept = o.lock().unwrap();
                for s in [&client, &server] {
                    if let Ok(c) = s.try_clone() {
                        kept.push(c);
                    }
                }
                pipe(&client, &server);
                pipe(&server, &client);
            }
        });
        Proxy {
            port,
            refusing,
            open,
        }
    }

    /// `http://127.0.0.1:PORT`: the server's address through the proxy.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Drops every connection through the proxy, and turns new ones away.
    pub fn cut(&self) {
        self.refusing.store(true, Ordering::SeqCst);
        for s in self.open.lock().unwrap().drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }

    /// Lets connections through again.
    pub fn mend(&self) {
        self.refusing.store(false, Ordering::SeqCst);
    }
}

/// Copies `from` to `to` on a thread until either end closes.
fn pipe(from: &TcpStream, to: &TcpStream) {
    let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
        return;
    };
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut from, &mut to);
        let _ = to.shutdown(Shutdown::Both);
        let _ = from.shutdown(Shutdown::Both);
    });
}
