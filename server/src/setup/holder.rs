//! Who holds a seat by an account: the account's id and kind, and the name and rating
//! everyone is shown.

use camelot_engine::Variant;

use crate::accounts::Account;
use crate::games::Holder;
use crate::ratings;
use crate::store::Db;

/// A seat's holder by `account`, with its rating in `variant` now.
pub async fn holder(db: &Db, account: &Account, variant: Variant) -> Result<Holder, sqlx::Error> {
    let rating = db.rating_in(&account.id, variant).await?;
    Ok(Holder {
        id: account.id.clone(),
        kind: account.kind,
        rated_with_people: account.rated_with_people,
        shown: ratings::shown(Some(account.name.clone()), rating, None),
    })
}
