//! The name serde writes for a unit variant (`goal_castle` for `EndReason::GoalCastle`
//! under `rename_all = "snake_case"`): a code spelled once, by the serde attributes, and
//! read back here wherever a program needs it as text (a database column, a table of
//! words for the page).

use std::fmt;

use serde::ser::{self, Impossible, Serialize, Serializer};

/// The serde name of a unit variant; `None` for any other value.
pub fn serde_name<T: Serialize + ?Sized>(value: &T) -> Option<&'static str> {
    value.serialize(NameOf).ok()
}

struct NameOf;

/// Anything but a unit variant.
#[derive(Debug)]
struct NotAUnitVariant;

impl fmt::Display for NotAUnitVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a unit variant")
    }
}

impl std::error::Error for NotAUnitVariant {}

impl ser::Error for NotAUnitVariant {
    fn custom<T: fmt::Display>(_: T) -> Self {
        NotAUnitVariant
    }
}

/// Serializer methods that refuse their value.
macro_rules! refuse {
    ($($method:ident($($arg:ty),*);)*) => {
        $(fn $method(self, $(_: $arg),*) -> Result<&'static str, NotAUnitVariant> {
            Err(NotAUnitVariant)
        })*
    };
}

impl Serializer for NameOf {
    type Ok = &'static str;
    type Error = NotAUnitVariant;
    type SerializeSeq = Impossible<&'static str, NotAUnitVariant>;
    type SerializeTuple = Impossible<&'static str, NotAUnitVariant>;
    type SerializeTupleStruct = Impossible<&'static str, NotAUnitVariant>;
    type SerializeTupleVariant = Impossible<&'static str, NotAUnitVariant>;
    type SerializeMap = Impossible<&'static str, NotAUnitVariant>;
    type SerializeStruct = Impossible<&'static str, NotAUnitVariant>;
    type SerializeStructVariant = Impossible<&'static str, NotAUnitVariant>;

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<&'static str, NotAUnitVariant> {
        Ok(variant)
    }

    refuse! {
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_str(&str);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<&'static str, Self::Error> {
        Err(NotAUnitVariant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<&'static str, Self::Error> {
        Err(NotAUnitVariant)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<&'static str, Self::Error> {
        Err(NotAUnitVariant)
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Self::Error> {
        Err(NotAUnitVariant)
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Self::Error> {
        Err(NotAUnitVariant)
    }

    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Self::Error> {
        Err(NotAUnitVariant)
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Self::Error> {
        Err(NotAUnitVariant)
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Self::Error> {
        Err(NotAUnitVariant)
    }

    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, Self::Error> {
        Err(NotAUnitVariant)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Self::Error> {
        Err(NotAUnitVariant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        GoalCastle,
        Pair(u8, u8),
    }

    #[test]
    fn the_name_is_what_serde_writes() {
        assert_eq!(serde_name(&Kind::GoalCastle), Some("goal_castle"));
        assert_eq!(serde_name(&Kind::Pair(1, 2)), None);
        assert_eq!(serde_name(&3u8), None);
        assert_eq!(serde_name(&Some(Kind::GoalCastle)), None);
    }
}
