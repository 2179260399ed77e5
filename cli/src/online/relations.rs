//! `online follow|unfollow|block|unblock NAME`, `online following` (a JSON line a player
//! I follow: `name`, `online`, `playing`) and `online challenges-from
//! everyone|following|nobody`, as the account logged in with `online login`.

use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::relations::{
    AcceptFrom, LookAtFollowing, Relation, SetChallengeChoice, SetRelation,
};
use camelot_online::{ask_as, blocking, ServerAddress};

use super::account;
use crate::failure::Failure;

#[derive(clap::Args)]
pub struct RelationArgs {
    name: AccountName,
    #[arg(long)]
    server: ServerAddress,
}

#[derive(clap::Args)]
pub struct FollowingArgs {
    #[arg(long)]
    server: ServerAddress,
}

#[derive(clap::Args)]
pub struct ChallengesFromArgs {
    /// everyone, following (the players I follow) or nobody.
    accept: AcceptFrom,
    #[arg(long)]
    server: ServerAddress,
}

impl RelationArgs {
    /// Sets my relation to the player: following, blocking, or (`None`) neither.
    pub fn run(self, relation: Option<Relation>) -> Result<(), Failure> {
        let token = account::token_for(&self.server)?;
        let asked = SetRelation {
            name: self.name,
            relation,
        };
        blocking(ask_as(&self.server, Some(&token), &asked))?;
        Ok(())
    }
}

impl FollowingArgs {
    pub fn run(self) -> Result<(), Failure> {
        let token = account::token_for(&self.server)?;
        let following = blocking(ask_as(&self.server, Some(&token), &LookAtFollowing {}))?;
        for p in following.players {
            out!(
                "{}",
                serde_json::to_string(&p).expect("the line serialises")
            );
        }
        Ok(())
    }
}

impl ChallengesFromArgs {
    pub fn run(self) -> Result<(), Failure> {
        let token = account::token_for(&self.server)?;
        let asked = SetChallengeChoice {
            accept: self.accept,
        };
        blocking(ask_as(&self.server, Some(&token), &asked))?;
        Ok(())
    }
}
