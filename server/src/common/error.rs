//! The one error type every room answers with. A room keeps its own error enum (a game
//! that could not be created, a seat that could not be taken) and says how it is
//! answered by turning it into a [`ServiceError`]: its code, its HTTP answer and its
//! sentence. The status and the [`ApiError`] body are made here, in one place.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use camelot_online::protocol::requests::ApiError;
use camelot_online::protocol::{ErrorCode, GameId, VersionMismatch};

/// Why a request was not answered as asked.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// A room's own refusal, in its words.
    #[error("{message}")]
    Refused {
        answer: Answer,
        code: ErrorCode,
        message: String,
    },
    /// A body or a query that is not the request's.
    #[error("{0}")]
    Unreadable(String),
    /// The client speaks another protocol version.
    #[error("{0}")]
    Upgrade(VersionMismatch),
    #[error("there is no game '{0}'")]
    NoSuchGame(String),
    #[error("that token holds no seat in game {0}")]
    WrongToken(GameId),
    /// A request that changes something, from another site's page.
    #[error("requests from another site's page ({0}) are refused here")]
    CrossSite(String),
    /// A request that changes something with a body not declared JSON.
    #[error("the request's body is JSON: send it with Content-Type: application/json")]
    NotJson,
    /// A body over the server's limit.
    #[error("the request's body is too large: at most {limit} bytes")]
    TooLarge { limit: usize },
    /// A method the route does not take (its `Allow` header says which it does).
    #[error("{path} does not take {method}")]
    WrongMethod { method: String, path: String },
    /// The database failed (what failed is for the operator's log, not the client).
    #[error("the server cannot read its games")]
    Storage(String),
}

/// How a room's refusal is answered over HTTP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// 400: the request asks for what cannot be.
    BadRequest,
    /// 401: who asks is not known (no session, or a wrong password).
    Unauthorized,
    /// 403: who asks may not.
    Forbidden,
    /// 404.
    NotFound,
    /// 409: the state of things does not allow it now.
    Conflict,
    /// 405: a method the address does not take.
    MethodNotAllowed,
    /// 413: a body over the limit.
    PayloadTooLarge,
    /// 415: a body not declared as what it must be.
    UnsupportedMediaType,
    /// 429, with when to ask again where that is known.
    TooMany { retry_after: Option<u32> },
    /// 500: the server failed (the room has logged why).
    Internal,
}

impl Answer {
    /// Too many for an allowance of `per_minute`, which refills one every 60/N seconds.
    pub fn too_many(per_minute: u32) -> Answer {
        Answer::TooMany {
            retry_after: Some(60u32.div_ceil(per_minute.max(1))),
        }
    }

    fn status(self) -> StatusCode {
        match self {
            Answer::BadRequest => StatusCode::BAD_REQUEST,
            Answer::Unauthorized => StatusCode::UNAUTHORIZED,
            Answer::Forbidden => StatusCode::FORBIDDEN,
            Answer::NotFound => StatusCode::NOT_FOUND,
            Answer::Conflict => StatusCode::CONFLICT,
            Answer::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Answer::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Answer::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Answer::TooMany { .. } => StatusCode::TOO_MANY_REQUESTS,
            Answer::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl ServiceError {
    /// A room's refusal: answered `answer`, with `code`, saying `why`.
    pub fn refused(answer: Answer, code: ErrorCode, why: impl std::fmt::Display) -> ServiceError {
        ServiceError::Refused {
            answer,
            code,
            message: why.to_string(),
        }
    }

    /// The code the client acts on.
    pub fn code(&self) -> ErrorCode {
        match self {
            ServiceError::Refused { code, .. } => *code,
            ServiceError::Unreadable(_) | ServiceError::NotJson => ErrorCode::Unreadable,
            ServiceError::TooLarge { .. } => ErrorCode::TooLarge,
            ServiceError::WrongMethod { .. } => ErrorCode::WrongMethod,
            ServiceError::CrossSite(_) => ErrorCode::CrossSite,
            ServiceError::Upgrade(_) => ErrorCode::Upgrade,
            ServiceError::NoSuchGame(_) => ErrorCode::NoSuchGame,
            ServiceError::WrongToken(_) => ErrorCode::WrongToken,
            ServiceError::Storage(_) => ErrorCode::Storage,
        }
    }

    fn answer(&self) -> Answer {
        match self {
            ServiceError::Refused { answer, .. } => *answer,
            ServiceError::Unreadable(_) | ServiceError::Upgrade(_) => Answer::BadRequest,
            ServiceError::NoSuchGame(_) => Answer::NotFound,
            ServiceError::WrongToken(_) | ServiceError::CrossSite(_) => Answer::Forbidden,
            ServiceError::NotJson => Answer::UnsupportedMediaType,
            ServiceError::TooLarge { .. } => Answer::PayloadTooLarge,
            ServiceError::WrongMethod { .. } => Answer::MethodNotAllowed,
            ServiceError::Storage(_) => Answer::Internal,
        }
    }
}

impl IntoResponse for ServiceError {
    fn into_response(self) -> Response {
        let answer = self.answer();
        let status = answer.status();
        if let ServiceError::Storage(why) = &self {
            eprintln!("camelot-server: {why}");
        }
        let body = ApiError {
            code: self.code(),
            message: self.to_string(),
        };
        let mut r = (status, Json(body)).into_response();
        if let Answer::TooMany {
            retry_after: Some(retry_after),
        } = answer
        {
            r.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, retry_after.into());
        }
        r
    }
}
