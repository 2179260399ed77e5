//! Accounts from the command line: `online account create`, `online login`, `online
//! logout` and `online player`. A session's token is kept in the data directory's
//! `accounts.json` (0600), one per server, and shown by the commands that act as the
//! account (`online create --rated`, `online pair`). Passwords come on standard input,
//! never on the command line, where `ps` and the shell's history would show them.

use std::io::BufRead;
use std::path::PathBuf;

use camelot_files::{data_dir, read_text, write_private};
use camelot_online::protocol::accounts::{
    AccountKind, AccountName, AccountToken, LogIn, LogOut, LookAtPlayer, Password, Session, SignUp,
    WhoAmI,
};
use camelot_online::sessions::{SavedSession, SavedSessions, FILE};
use camelot_online::{ask, ask_as, blocking, ServerAddress};

use crate::failure::Failure;

#[derive(clap::Args)]
pub struct AccountArgs {
    #[command(subcommand)]
    command: AccountCommand,
}

#[derive(clap::Subcommand)]
enum AccountCommand {
    /// Sign up: a new account, logged in (its token kept in the data directory).
    Create(CreateAccountArgs),
}

impl AccountArgs {
    pub fn run(self) -> Result<(), Failure> {
        match self.command {
            AccountCommand::Create(a) => a.run(),
        }
    }
}

#[derive(clap::Args)]
struct CreateAccountArgs {
    #[arg(long)]
    server: ServerAddress,
    /// 2 to 20 letters, digits, _ or -.
    #[arg(long)]
    name: AccountName,
    /// Read the password (8 to 128 characters) from the first line of standard input.
    #[arg(long, required = true)]
    password_stdin: bool,
    /// The account is a program's (as lichess's BOT accounts): never rated against
    /// people unless --rated-with-people.
    #[arg(long)]
    computer: bool,
    /// A program's account that may be rated against people.
    #[arg(long, requires = "computer")]
    rated_with_people: bool,
}

impl CreateAccountArgs {
    fn run(self) -> Result<(), Failure> {
        let sign_up = SignUp {
            name: self.name,
            password: password_from_stdin()?,
            kind: if self.computer {
                AccountKind::Computer
            } else {
                AccountKind::Person
            },
            rated_with_people: self.rated_with_people,
            token: true,
        };
        let session = blocking(ask(&self.server, &sign_up))?;
        keep(&self.server, session)
    }
}

#[derive(clap::Args)]
pub struct LoginArgs {
    #[arg(long)]
    server: ServerAddress,
    #[arg(long)]
    name: AccountName,
    /// Read the password from the first line of standard input.
    #[arg(long, required = true)]
    password_stdin: bool,
}

impl LoginArgs {
    pub fn run(self) -> Result<(), Failure> {
        // This machine's device token: the server lets a device the account knows log
        // in while strangers' wrong passwords hold the account back.
        let device = sessions_file()
            .ok()
            .and_then(|p| load(&p).device(&self.server).cloned());
        let log_in = LogIn {
            name: self.name,
            password: password_from_stdin()?,
            token: true,
            device,
        };
        let session = blocking(ask(&self.server, &log_in))?;
        keep(&self.server, session)
    }
}

#[derive(clap::Args)]
pub struct LogoutArgs {
    #[arg(long)]
    server: ServerAddress,
}

impl LogoutArgs {
    pub fn run(self) -> Result<(), Failure> {
        let path = sessions_file()?;
        let mut saved = load(&path);
        let Some(session) = saved.remove(&self.server) else {
            return Err(Failure::Refused(format!(
                "not logged in to {}",
                self.server.http_url()
            )));
        };
        // Ended on the server first; a token the server no longer knows is dropped too.
        let ended = blocking(ask_as(&self.server, Some(&session.token), &LogOut {}));
        write_private(&path, saved.to_json().as_bytes()).map_err(Failure::Write)?;
        match ended {
            Ok(_) => {}
            Err(e) if e.code() == Some(camelot_online::protocol::ErrorCode::NotSignedIn) => {}
            Err(e) => return Err(e.into()),
        }
        out!(
            "logged out of {} as {}",
            self.server.http_url(),
            session.name
        );
        Ok(())
    }
}

#[derive(clap::Args)]
pub struct PlayerArgs {
    #[arg(long)]
    server: ServerAddress,
    /// The player's name.
    name: AccountName,
}

impl PlayerArgs {
    pub fn run(self) -> Result<(), Failure> {
        let page = blocking(ask(&self.server, &LookAtPlayer { name: self.name }))?;
        out!(
            "{}",
            serde_json::to_string(&page).expect("a player's page serialises")
        );
        Ok(())
    }
}

/// The token kept for `server`, if logged in there.
pub fn saved_token(server: &ServerAddress) -> Option<AccountToken> {
    let path = sessions_file().ok()?;
    load(&path).get(server).map(|s| s.token.clone())
}

/// The token kept for `server`, for a command that must act as the account.
pub fn token_for(server: &ServerAddress) -> Result<AccountToken, Failure> {
    saved_token(server).ok_or_else(|| {
        Failure::Refused(format!(
            "not logged in to {}: camelot-cli online login --server {} --name NAME \
             --password-stdin",
            server.http_url(),
            server.http_url()
        ))
    })
}

/// The token kept for `server`, for a program to play on: the account must be a
/// computer's (signed up with `--computer`), as lichess asks of its BOT accounts; a
/// person's account is for a person.
pub fn program_token_for(server: &ServerAddress) -> Result<AccountToken, Failure> {
    let token = token_for(server)?;
    let me = blocking(ask_as(server, Some(&token), &WhoAmI {}))?;
    if me.kind != AccountKind::Computer {
        return Err(Failure::Refused(format!(
            "{} is a person's account: a program plays on a computer's account (online \
             account create --computer), never rated against people unless it says so \
             (--rated-with-people)",
            me.name
        )));
    }
    Ok(token)
}

/// Keeps a new session's token and prints the session (without its token).
fn keep(server: &ServerAddress, session: Session) -> Result<(), Failure> {
    let token = session
        .token
        .clone()
        .ok_or_else(|| Failure::Refused("the server gave no token".into()))?;
    let path = sessions_file()?;
    let mut saved = load(&path);
    saved.insert(
        server,
        SavedSession {
            name: session.name.clone(),
            token,
        },
    );
    if let Some(device) = session.device.clone() {
        saved.set_device(server, device);
    }
    write_private(&path, saved.to_json().as_bytes()).map_err(Failure::Write)?;
    let shown = Session {
        token: None,
        device: None,
        ..session
    };
    out!(
        "{}",
        serde_json::to_string(&shown).expect("a session serialises")
    );
    Ok(())
}

fn sessions_file() -> Result<PathBuf, Failure> {
    data_dir()
        .map(|d| d.join(FILE))
        .ok_or_else(|| Failure::Refused("no data directory: set HOME or CAMELOT_DATA_DIR".into()))
}

fn load(path: &std::path::Path) -> SavedSessions {
    read_text(path, 1 << 20)
        .map(|t| SavedSessions::from_json(&t))
        .unwrap_or_default()
}

/// The first line of standard input, as a password.
fn password_from_stdin() -> Result<Password, Failure> {
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .map_err(|e| Failure::Refused(format!("cannot read the password: {e}")))?;
    let line = line.trim_end_matches(['\n', '\r']);
    Password::parse(line).map_err(|e| Failure::Refused(e.to_string()))
}
