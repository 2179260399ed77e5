//! A PostgreSQL database of a test's own, for the tests with several server processes:
//! made fresh before the servers start, dropped once they are gone.

use sqlx::Connection as _;

/// Drops the database `name` on the server `admin` names (its connections forced off).
pub async fn drop_database(admin: &str, name: &str) {
    let mut c = sqlx::PgConnection::connect(admin)
        .await
        .expect("connects to PostgreSQL");
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut c)
        .await
        .unwrap();
}

/// The database `name`, created anew on the server `admin` names: its URL.
pub async fn fresh_database(admin: &str, name: &str) -> String {
    drop_database(admin, name).await;
    let mut c = sqlx::PgConnection::connect(admin)
        .await
        .expect("connects to PostgreSQL");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut c)
        .await
        .unwrap();
    let (base, _) = admin.rsplit_once('/').expect("a database in the URL");
    format!("{base}/{name}")
}
