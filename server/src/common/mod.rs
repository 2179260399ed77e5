//! What every room shares: the one error type and its HTTP answer, the helpers every
//! route uses, the limits on what one address may ask, and the same-site check.

pub mod chores;
pub mod client;
pub mod clock;
pub mod error;
pub mod http;
pub mod limits;
pub mod owner;
pub mod site;
pub mod socket;
pub mod tokens;
