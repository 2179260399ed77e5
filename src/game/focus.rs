//! Who has the keyboard and the pointer: egui (a text field, a panel under the pointer)
//! or the board. The board's controls run only when egui does not want the input.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// Run condition: egui is using the keyboard (a text field has focus).
pub fn egui_wants_keys(w: Option<Res<EguiWantsInput>>) -> bool {
    w.is_some_and(|w| w.wants_any_keyboard_input())
}

/// Run condition: the pointer is over an egui panel or window.
pub fn egui_wants_pointer(w: Option<Res<EguiWantsInput>>) -> bool {
    w.is_some_and(|w| w.wants_any_pointer_input())
}
