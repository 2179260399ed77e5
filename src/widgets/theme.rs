//! The look of every egui screen, from the table's theme (its colours, the display
//! typeface, sizes and spacing), the interface's scale, and text in a seat's colour.

use bevy_egui::{egui, EguiContexts};
use camelot_engine::{Player, Rules, Side};

use crate::table::settings::{BoardTheme, TableSettings};

/// The egui family of the display typeface: the title, headings and large choices.
pub const DISPLAY: &str = "display";

/// The interface's colours, taken from the table's theme: its dark squares' colour,
/// deepened, behind; its light squares' colour, lightened, for text; brass for what is
/// chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UiColours {
    /// Behind the panels and windows.
    pub ground: egui::Color32,
    /// A raised surface: a card, a field, a button at rest.
    pub raised: egui::Color32,
    /// The surface under the pointer.
    pub hovered: egui::Color32,
    pub text: egui::Color32,
    /// Text that says less: a line on a variant, a hint.
    pub quiet: egui::Color32,
    /// What is chosen, and the lines that edge it.
    pub accent: egui::Color32,
}

/// A Bevy colour as egui's (sRGB, opaque).
pub fn egui_colour(c: bevy::prelude::Color) -> egui::Color32 {
    scaled(srgb(c), 1.0)
}

fn srgb(c: bevy::prelude::Color) -> [f32; 3] {
    let s = c.to_srgba();
    [s.red, s.green, s.blue]
}

fn scaled(c: [f32; 3], k: f32) -> egui::Color32 {
    let b = |v: f32| ((v * k).clamp(0.0, 1.0) * 255.0).round() as u8;
    egui::Color32::from_rgb(b(c[0]), b(c[1]), b(c[2]))
}

/// `c` moved the share `t` of the way to white.
fn lightened(c: [f32; 3], t: f32) -> egui::Color32 {
    scaled(c.map(|v| v + (1.0 - v) * t), 1.0)
}

impl UiColours {
    pub fn of(theme: BoardTheme) -> UiColours {
        let [(_, light), (_, dark)] = crate::table::theme::theme_squares(theme);
        let (light, dark) = (srgb(light), srgb(dark));
        UiColours {
            ground: scaled(dark, 0.2),
            raised: scaled(dark, 0.34),
            hovered: scaled(dark, 0.5),
            text: lightened(light, 0.78),
            quiet: lightened(light, 0.35),
            accent: egui::Color32::from_rgb(214, 176, 98),
        }
    }
}

/// The look of every egui screen, from the table's theme: colours, the display typeface,
/// sizes and spacing. Set again when the theme changes.
pub fn apply_theme(
    mut contexts: EguiContexts,
    settings: Option<bevy::prelude::Res<TableSettings>>,
    mut fonts_set: bevy::prelude::Local<bool>,
    mut applied: bevy::prelude::Local<Option<BoardTheme>>,
) -> bevy::prelude::Result {
    let theme = settings.map(|s| s.theme).unwrap_or_default();
    if *applied == Some(theme) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // New fonts take effect at the next pass, and a style naming the display face must
    // wait for them: text laid out in a family egui does not know yet is a panic.
    if !*fonts_set {
        ctx.set_fonts(fonts());
        *fonts_set = true;
        ctx.request_repaint();
        return Ok(());
    }
    ctx.set_global_style(style(UiColours::of(theme)));
    *applied = Some(theme);
    Ok(())
}

/// egui's own faces, and the coordinates' serif for display.
pub fn fonts() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        DISPLAY.into(),
        std::sync::Arc::new(egui::FontData::from_static(crate::table::lettering::FONT)),
    );
    fonts
        .families
        .insert(egui::FontFamily::Name(DISPLAY.into()), vec![DISPLAY.into()]);
    fonts
}

/// The whole style for `c`.
pub fn style(c: UiColours) -> egui::Style {
    use egui::{FontFamily, FontId, Stroke, TextStyle};
    let mut style = egui::Style::default();
    let display = FontFamily::Name(DISPLAY.into());
    style.text_styles = [
        (TextStyle::Small, FontId::proportional(12.0)),
        (TextStyle::Body, FontId::proportional(15.5)),
        (TextStyle::Button, FontId::proportional(15.5)),
        (TextStyle::Monospace, FontId::monospace(14.0)),
        (TextStyle::Heading, FontId::new(21.0, display.clone())),
        (
            TextStyle::Name(TITLE.into()),
            FontId::new(60.0, display.clone()),
        ),
        (TextStyle::Name(CHOICE.into()), FontId::new(23.0, display)),
    ]
    .into();
    let v = &mut style.visuals;
    *v = egui::Visuals::dark();
    v.override_text_color = None;
    v.weak_text_color = Some(c.quiet);
    v.panel_fill = c.ground;
    v.window_fill = c.ground;
    v.window_stroke = Stroke::new(1.0, c.accent.gamma_multiply(0.45));
    v.window_corner_radius = egui::CornerRadius::same(10);
    v.menu_corner_radius = egui::CornerRadius::same(8);
    v.extreme_bg_color = c.ground.gamma_multiply(0.7);
    v.faint_bg_color = c.raised.gamma_multiply(0.6);
    v.code_bg_color = c.raised;
    v.hyperlink_color = c.accent;
    v.selection.bg_fill = c.accent.gamma_multiply(0.55);
    v.selection.stroke = Stroke::new(1.0, c.text);
    let w = &mut v.widgets;
    for (state, fill) in [
        (&mut w.noninteractive, c.ground),
        (&mut w.inactive, c.raised),
        (&mut w.hovered, c.hovered),
        (&mut w.active, c.hovered),
        (&mut w.open, c.raised),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.corner_radius = egui::CornerRadius::same(6);
    }
    w.noninteractive.fg_stroke = Stroke::new(1.0, c.text);
    w.noninteractive.bg_stroke = Stroke::new(1.0, c.accent.gamma_multiply(0.25));
    w.inactive.fg_stroke = Stroke::new(1.0, c.text);
    w.hovered.fg_stroke = Stroke::new(1.5, c.text);
    w.hovered.bg_stroke = Stroke::new(1.0, c.accent);
    w.active.fg_stroke = Stroke::new(2.0, c.text);
    w.active.bg_stroke = Stroke::new(1.0, c.accent);
    style.spacing.item_spacing = egui::vec2(8.0, 7.0);
    style.spacing.button_padding = egui::vec2(10.0, 5.0);
    style.spacing.interact_size.y = 26.0;
    style
}

/// The title's text style (the display face, large).
pub const TITLE: &str = "title";
/// A large choice's text style: the title screen's buttons, a variant card's name.
pub const CHOICE: &str = "choice";

/// The font of the theme's text style `name` (`TITLE`, `CHOICE`), or the heading's
/// where the theme is not applied (a test's bare context).
pub fn font(ui: &egui::Ui, name: &str) -> egui::FontId {
    let style = ui.style();
    style
        .text_styles
        .get(&egui::TextStyle::Name(name.into()))
        .or_else(|| style.text_styles.get(&egui::TextStyle::Heading))
        .cloned()
        .unwrap_or_default()
}

/// The quiet colour of the current style, for lines that say less.
pub fn quiet(ui: &egui::Ui) -> egui::Color32 {
    ui.visuals().weak_text_color()
}

/// The interface's size follows the settings (egui's zoom: text, controls and panels
/// grow together).
pub fn apply_ui_scale(
    mut contexts: EguiContexts,
    settings: bevy::prelude::Res<crate::widgets::settings::InterfaceSettings>,
) -> bevy::prelude::Result {
    let ctx = contexts.ctx_mut()?;
    let scale = settings.ui_scale();
    if ctx.zoom_factor() != scale {
        ctx.set_zoom_factor(scale);
    }
    Ok(())
}

/// A seat's name in its colour.
pub fn seat_text(rules: &Rules, p: Player) -> egui::RichText {
    let [r, g, b] = crate::table::theme::seat_text_color(rules.seat_colour(p));
    egui::RichText::new(rules.seat_title(p))
        .color(egui::Color32::from_rgb(r, g, b))
        .strong()
}

/// "Red & Blue": the seats of a side, in turn order, short enough for a panel's line.
pub fn side_name(rules: &Rules, side: Side) -> String {
    rules.side_name(side).replace(" and ", " & ")
}

/// What a large choice shows beside or above its words.
pub enum ChoicePicture<'a> {
    None,
    /// A picture in a texture egui knows, drawn at this size.
    Texture(egui::TextureId, egui::Vec2),
    /// A picture painted into the given rectangle.
    Painted(egui::Vec2, &'a dyn Fn(&egui::Painter, egui::Rect)),
}

/// A large choice's content and shape.
pub struct ChoiceCard<'a> {
    pub title: &'a str,
    pub line: &'a str,
    pub picture: ChoicePicture<'a>,
    pub width: f32,
    /// The picture above the words, not to their left.
    pub vertical: bool,
    pub chosen: bool,
    /// At least this high, so that a row of cards lines up.
    pub min_height: f32,
}

/// A large choice: a raised card with its name in the display face, a line under it, and
/// a picture above (`vertical`) or to its left. It is one button to the keyboard and to a
/// screen reader, named by `title`; `chosen` edges it in brass.
pub fn choice(ui: &mut egui::Ui, card: ChoiceCard) -> egui::Response {
    let ChoiceCard {
        title,
        line,
        picture,
        width,
        vertical,
        chosen,
        min_height,
    } = card;
    let pad = 12.0;
    let picture_size = match &picture {
        ChoicePicture::None => egui::Vec2::ZERO,
        ChoicePicture::Texture(_, s) | ChoicePicture::Painted(s, _) => *s,
    };
    let text_width = if vertical || picture_size.x == 0.0 {
        width - 2.0 * pad
    } else {
        width - 3.0 * pad - picture_size.x
    };
    let colour = ui.visuals().widgets.inactive.fg_stroke.color;
    let title_galley = ui
        .painter()
        .layout(title.to_owned(), font(ui, CHOICE), colour, text_width);
    let line_galley = ui.painter().layout(
        line.to_owned(),
        egui::TextStyle::Body.resolve(ui.style()),
        quiet(ui),
        text_width,
    );
    let text_height = title_galley.size().y
        + if line.is_empty() {
            0.0
        } else {
            4.0 + line_galley.size().y
        };
    let height = min_height.max(if vertical {
        pad * 2.0 + picture_size.y + if picture_size.y > 0.0 { 8.0 } else { 0.0 } + text_height
    } else {
        pad * 2.0 + text_height.max(picture_size.y)
    });
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::click());
    response
        .widget_info(|| egui::WidgetInfo::selected(egui::WidgetType::Button, true, chosen, title));
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let visuals = ui.style().interact_selectable(&response, chosen);
    let accent = ui.visuals().hyperlink_color;
    let fill = if response.hovered() || response.has_focus() {
        ui.visuals().widgets.hovered.bg_fill
    } else {
        ui.visuals().widgets.inactive.bg_fill
    };
    let stroke = if chosen || response.has_focus() {
        egui::Stroke::new(2.0, accent)
    } else if response.hovered() {
        egui::Stroke::new(1.0, accent)
    } else {
        egui::Stroke::new(1.0, visuals.bg_stroke.color.gamma_multiply(0.6))
    };
    let painter = ui.painter();
    painter.rect(
        rect,
        egui::CornerRadius::same(10),
        fill,
        stroke,
        egui::StrokeKind::Inside,
    );
    let inner = rect.shrink(pad);
    let picture_rect = egui::Rect::from_min_size(
        if vertical {
            egui::pos2(inner.center().x - picture_size.x / 2.0, inner.top())
        } else {
            egui::pos2(inner.left(), inner.center().y - picture_size.y / 2.0)
        },
        picture_size,
    );
    match picture {
        ChoicePicture::None => {}
        ChoicePicture::Texture(id, _) => {
            painter.image(
                id,
                picture_rect,
                egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                egui::Color32::WHITE,
            );
        }
        ChoicePicture::Painted(_, paint) => paint(painter, picture_rect),
    }
    let text_at = if vertical {
        egui::pos2(
            inner.left(),
            picture_rect.bottom() + if picture_size.y > 0.0 { 8.0 } else { 0.0 },
        )
    } else if picture_size.x > 0.0 {
        egui::pos2(
            picture_rect.right() + pad,
            inner.center().y - text_height / 2.0,
        )
    } else {
        egui::pos2(inner.left(), inner.center().y - text_height / 2.0)
    };
    let title_height = title_galley.size().y;
    painter.galley(text_at, title_galley, colour);
    painter.galley(
        text_at + egui::vec2(0.0, title_height + 4.0),
        line_galley,
        colour,
    );
    response
}

/// The frame of a prompt that waits on the player's answer (a draw to claim, an offer
/// from the other side): tinted so that it stands out of the panel.
pub fn prompt_frame(ui: &egui::Ui) -> egui::Frame {
    egui::Frame::new()
        .fill(ui.visuals().selection.bg_fill.gamma_multiply(0.5))
        .corner_radius(6)
        .inner_margin(8)
}

/// A screen's heading row: a Back button (Escape does the same) and the screen's name in
/// the display face. True when the player goes back.
pub fn screen_heading(ui: &mut egui::Ui, name: &str) -> bool {
    // Escape closes an open list first; with none open, it goes back.
    let mut back =
        !egui::Popup::is_any_open(ui.ctx()) && ui.input(|i| i.key_pressed(egui::Key::Escape));
    ui.horizontal(|ui| {
        if ui
            .add(egui::Button::new(egui::RichText::new("⬅ Back").size(17.0)))
            .on_hover_text("Back to the title screen (Escape)")
            .clicked()
        {
            back = true;
        }
        ui.add_space(12.0);
        ui.label(egui::RichText::new(name).font(font(ui, CHOICE)));
    });
    ui.add_space(6.0);
    back
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    /// Back, by its name or by Escape, leaves a screen; Escape with a list open only
    /// closes the list.
    #[test]
    fn a_screen_is_left_by_back_or_escape() {
        let mut h = Harness::new_ui_state(
            |ui, backs: &mut u32| {
                if screen_heading(ui, "Play") {
                    *backs += 1;
                }
                egui::ComboBox::from_id_salt("list")
                    .selected_text("Human")
                    .show_ui(ui, |ui| {
                        let _ = ui.selectable_label(false, "Computer (club)");
                    });
            },
            0,
        );
        h.get_by_label("⬅ Back").click();
        h.run();
        assert_eq!(*h.state(), 1);
        h.key_press(egui::Key::Escape);
        h.run();
        assert_eq!(*h.state(), 2);
        h.get_by_value("Human").click();
        h.run();
        h.get_by_label("Computer (club)");
        h.key_press(egui::Key::Escape);
        h.run();
        assert_eq!(*h.state(), 2, "the list closed, the screen stayed");
        assert!(h.query_by_label("Computer (club)").is_none());
    }

    /// Every board theme gives text that stands out from its ground (4.5:1 at least).
    #[test]
    fn every_theme_reads() {
        let lum = |c: egui::Color32| {
            let f = |v: u8| {
                let v = v as f32 / 255.0;
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * f(c.r()) + 0.7152 * f(c.g()) + 0.0722 * f(c.b())
        };
        let contrast = |a, b| {
            let (x, y): (f32, f32) = (lum(a), lum(b));
            (x.max(y) + 0.05) / (x.min(y) + 0.05)
        };
        for t in BoardTheme::ALL {
            let c = UiColours::of(t);
            for (what, colour, ground, least) in [
                ("text", c.text, c.ground, 4.5),
                ("text on a card", c.text, c.raised, 4.5),
                ("a quiet line on a card", c.quiet, c.raised, 3.0),
                ("brass", c.accent, c.ground, 3.0),
            ] {
                let k = contrast(colour, ground);
                assert!(k >= least, "{t:?}: {what} {k:.2}:1");
            }
        }
    }
}
