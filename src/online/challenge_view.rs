//! Challenges in the interface: on the Online screen, the challenges to me (accept, or
//! decline with a reason), mine waiting (cancel), and a form to challenge a player by
//! name with the screen's variant and time; at the table, the challenges to me.

use bevy_egui::egui;
use camelot_engine::Variant;
use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::challenges::{
    ChallengeState, ChallengeView, ColourChoice, DeclineReason, SeatAnswer,
};
use camelot_online::protocol::TimeControl;

use crate::online::challenges::OnlineChallenges;
use crate::storage::saving::Storage;

/// "Kay (1500?) challenges you: Camette, 5+3, casual; you play Black."; a Grand Cam
/// table's names every seat, `me`'s, and who has still to answer (as the page says it).
pub fn incoming_text(c: &ChallengeView, me: Option<&AccountName>) -> String {
    let from = format!(
        "{} ({}{})",
        c.from,
        c.rating,
        if c.provisional { "?" } else { "" }
    );
    let Some(line) = c.table_line() else {
        let colour = match c.colour {
            ColourChoice::White => "you play Black",
            ColourChoice::Black => "you play White",
            ColourChoice::Random => "colours by chance",
        };
        return format!("{from} challenges you: {}; {colour}.", game_words(c));
    };
    let mine = me.and_then(|n| c.seat_of(n));
    let still = c.waiting_words(me);
    let after = match mine.map(|s| s.answer) {
        Some(SeatAnswer::Accepted) if still.is_empty() => " You accepted.".to_string(),
        Some(SeatAnswer::Accepted) => format!(" You accepted: waiting for {still}."),
        _ if !still.is_empty() => format!(" Also asked: {still}."),
        _ => String::new(),
    };
    let seat = mine.map_or(String::new(), |s| format!("; you play {}", s.seat));
    format!(
        "{from} asks you to a table: {}; {line}{seat}.{after}",
        game_words(c)
    )
}

/// "Camette, 5+3, rated".
fn game_words(c: &ChallengeView) -> String {
    format!(
        "{}, {}, {}",
        c.variant.rules().name,
        c.time,
        if c.rated { "rated" } else { "casual" }
    )
}

/// What became of a challenge of mine, where there is something to say.
pub fn outgoing_text(c: &ChallengeView) -> Option<String> {
    match &c.state {
        ChallengeState::Open => Some(match c.table_line() {
            Some(line) => format!(
                "You asked for a table: {}; {line}. Waiting for {}…",
                game_words(c),
                c.waiting_words(None)
            ),
            None => format!(
                "You challenged {}: {}. Waiting for an answer…",
                c.to,
                game_words(c)
            ),
        }),
        ChallengeState::Declined { reason } => {
            Some(format!("{} declined: {}.", c.declined_by(), reason.words()))
        }
        ChallengeState::Expired => Some(format!("Your challenge to {} expired.", c.to)),
        ChallengeState::Accepted { .. } | ChallengeState::Cancelled => None,
    }
}

/// The challenges to me, each with Accept, a reason and Decline.
pub fn incoming(ui: &mut egui::Ui, challenges: &mut OnlineChallenges, storage: &Storage) {
    let list: Vec<ChallengeView> = challenges
        .list
        .as_ref()
        .map(|l| l.incoming.clone())
        .unwrap_or_default();
    for c in list {
        let text = incoming_text(&c, challenges.me.as_ref());
        ui.label(egui::RichText::new(text).strong());
        ui.horizontal_wrapped(|ui| {
            let busy = challenges.busy;
            if ui.add_enabled(!busy, egui::Button::new("Accept")).clicked() {
                challenges.accept(storage, c.id.clone());
            }
            let reason = challenges.reasons.entry(c.id.clone()).or_default();
            egui::ComboBox::from_id_salt(("decline reason", c.id.as_str()))
                .selected_text(reason.label())
                .show_ui(ui, |ui| {
                    for r in DeclineReason::ALL {
                        ui.selectable_value(reason, r, r.label());
                    }
                });
            if ui
                .add_enabled(!busy, egui::Button::new("Decline"))
                .clicked()
            {
                challenges.decline(storage, c.id.clone());
            }
        });
    }
}

/// The Online screen's part, for an account logged in: the challenges both ways and the
/// form, which challenges with `variant` and `time`.
pub fn challenges_section(
    ui: &mut egui::Ui,
    challenges: &mut OnlineChallenges,
    storage: &Storage,
    variant: Variant,
    time: TimeControl,
) {
    if challenges.following().is_none() {
        return;
    }
    ui.heading("Challenges");
    incoming(ui, challenges, storage);
    let mine: Vec<ChallengeView> = challenges
        .list
        .as_ref()
        .map(|l| l.outgoing.clone())
        .unwrap_or_default();
    for c in mine {
        let Some(text) = outgoing_text(&c) else {
            continue;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(text);
            if c.state == ChallengeState::Open
                && ui
                    .add_enabled(!challenges.busy, egui::Button::new("Cancel"))
                    .clicked()
            {
                challenges.cancel(storage, c.id.clone());
            }
        });
    }
    let four = variant.rules().players() == 4;
    ui.horizontal_wrapped(|ui| {
        ui.label(if four { "Partner" } else { "Challenge" });
        ui.add(
            egui::TextEdit::singleline(&mut challenges.form.to)
                .hint_text("a player's name")
                .desired_width(130.0),
        );
        if four {
            // Grand Cam: the two who partner each other against us.
            ui.label("against");
            for (i, name) in challenges.form.against.iter_mut().enumerate() {
                ui.add(
                    egui::TextEdit::singleline(name)
                        .hint_text(if i == 0 { "a player" } else { "and another" })
                        .desired_width(110.0),
                );
            }
        }
        egui::ComboBox::from_id_salt("challenge colour")
            .selected_text(colour_words(challenges.form.colour, four))
            .show_ui(ui, |ui| {
                for c in ColourChoice::ALL {
                    ui.selectable_value(&mut challenges.form.colour, c, colour_words(c, four));
                }
            });
        ui.checkbox(&mut challenges.form.rated, "Rated");
        let named = !challenges.form.to.trim().is_empty()
            && (!four || challenges.form.against.iter().all(|n| !n.trim().is_empty()));
        let ready = !challenges.busy && named;
        if ui
            .add_enabled(ready, egui::Button::new("Challenge"))
            .on_hover_text(format!("{}, {time}", variant.rules().name))
            .on_disabled_hover_text(if four {
                "Grand Cam: type your partner's name and the two against you"
            } else {
                "Type a player's name"
            })
            .clicked()
        {
            challenges.challenge(storage, variant, time);
        }
    });
    if let Some(s) = &challenges.status {
        ui.label(egui::RichText::new(s).weak());
    }
}

/// The colour choice in words; a table's (`four`) says which side moves first.
fn colour_words(c: ColourChoice, four: bool) -> &'static str {
    match (c, four) {
        (ColourChoice::White, false) => "I play White",
        (ColourChoice::Black, false) => "I play Black",
        (ColourChoice::White, true) => "Our side first",
        (ColourChoice::Black, true) => "Our side second",
        (ColourChoice::Random, _) => "Colours by chance",
    }
}

#[cfg(test)]
mod tests {
    use camelot_online::protocol::accounts::AccountName;
    use camelot_online::protocol::challenges::ChallengeId;

    use super::*;

    fn view(state: ChallengeState) -> ChallengeView {
        ChallengeView {
            id: ChallengeId::parse("c1").unwrap(),
            from: AccountName::parse("Kay").unwrap(),
            to: AccountName::parse("Ector").unwrap(),
            variant: Variant::Camette,
            time: TimeControl::Clock {
                minutes: 5,
                increment: 3,
            },
            rated: false,
            colour: ColourChoice::White,
            rating: 1500,
            provisional: true,
            expires_at: 0,
            seats: Vec::new(),
            state,
        }
    }

    #[test]
    fn a_challenge_is_said_as_the_page_says_it() {
        assert_eq!(
            incoming_text(&view(ChallengeState::Open), None),
            "Kay (1500?) challenges you: Camette, 5+3, casual; you play Black."
        );
        assert_eq!(
            outgoing_text(&view(ChallengeState::Declined {
                reason: DeclineReason::TooFast
            }))
            .as_deref(),
            Some("Ector declined: this clock is too fast for them.")
        );
        assert_eq!(outgoing_text(&view(ChallengeState::Cancelled)), None);
    }

    #[test]
    fn a_grand_cam_table_is_said_as_the_page_says_it() {
        use camelot_engine::SeatColour;
        use camelot_online::protocol::challenges::ChallengeSeat;
        let seat = |seat, name: &str, answer| ChallengeSeat {
            seat,
            name: AccountName::parse(name).unwrap(),
            answer,
        };
        let table = ChallengeView {
            variant: Variant::GrandCam,
            seats: vec![
                seat(SeatColour::Red, "Kay", SeatAnswer::Challenger),
                seat(SeatColour::Green, "Bors", SeatAnswer::Accepted),
                seat(SeatColour::Blue, "Ector", SeatAnswer::Waiting),
                seat(SeatColour::Yellow, "Lionel", SeatAnswer::Waiting),
            ],
            ..view(ChallengeState::Open)
        };
        let ector = AccountName::parse("Ector").unwrap();
        assert_eq!(
            incoming_text(&table, Some(&ector)),
            "Kay (1500?) asks you to a table: Grand Cam, 5+3, casual; Kay and Ector (Red and \
             Blue) against Bors and Lionel (Green and Yellow); you play Blue. Also asked: Lionel."
        );
        let bors = AccountName::parse("Bors").unwrap();
        assert!(incoming_text(&table, Some(&bors))
            .ends_with("you play Green. You accepted: waiting for Ector and Lionel."));
        assert_eq!(
            outgoing_text(&table).unwrap(),
            "You asked for a table: Grand Cam, 5+3, casual; Kay and Ector (Red and Blue) \
             against Bors and Lionel (Green and Yellow). Waiting for Ector and Lionel…"
        );
    }
}
