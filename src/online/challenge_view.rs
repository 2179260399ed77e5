//! Challenges in the interface: on the Online screen, the challenges to me (accept, or
//! decline with a reason), mine waiting (cancel), and a form to challenge a player by
//! name with the screen's variant and time; at the table, the challenges to me.

use bevy_egui::egui;
use camelot_engine::Variant;
use camelot_online::protocol::challenges::{
    ChallengeState, ChallengeView, ColourChoice, DeclineReason,
};
use camelot_online::protocol::TimeControl;

use crate::online::challenges::OnlineChallenges;
use crate::storage::saving::Storage;

/// "Kay (1500?) challenges you: Camette, 5+3, casual; you play Black."
pub fn incoming_text(c: &ChallengeView) -> String {
    let colour = match c.colour {
        ColourChoice::White => "you play Black",
        ColourChoice::Black => "you play White",
        ColourChoice::Random => "colours by chance",
    };
    format!(
        "{} ({}{}) challenges you: {}; {colour}.",
        c.from,
        c.rating,
        if c.provisional { "?" } else { "" },
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
        ChallengeState::Open => Some(format!(
            "You challenged {}: {}. Waiting for an answer…",
            c.to,
            game_words(c)
        )),
        ChallengeState::Declined { reason } => {
            Some(format!("{} declined: {}.", c.to, reason.words()))
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
        ui.label(egui::RichText::new(incoming_text(&c)).strong());
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
    ui.horizontal_wrapped(|ui| {
        ui.label("Challenge");
        ui.add(
            egui::TextEdit::singleline(&mut challenges.form.to)
                .hint_text("a player's name")
                .desired_width(130.0),
        );
        egui::ComboBox::from_id_salt("challenge colour")
            .selected_text(colour_words(challenges.form.colour))
            .show_ui(ui, |ui| {
                for c in ColourChoice::ALL {
                    ui.selectable_value(&mut challenges.form.colour, c, colour_words(c));
                }
            });
        ui.checkbox(&mut challenges.form.rated, "Rated");
        let two = variant.rules().players() == 2;
        let ready = two && !challenges.busy && !challenges.form.to.trim().is_empty();
        if ui
            .add_enabled(ready, egui::Button::new("Challenge"))
            .on_hover_text(format!("{}, {time}", variant.rules().name))
            .on_disabled_hover_text("A challenge is for two players: type a player's name")
            .clicked()
        {
            challenges.challenge(storage, variant, time);
        }
    });
    if let Some(s) = &challenges.status {
        ui.label(egui::RichText::new(s).weak());
    }
}

fn colour_words(c: ColourChoice) -> &'static str {
    match c {
        ColourChoice::White => "I play White",
        ColourChoice::Black => "I play Black",
        ColourChoice::Random => "Colours by chance",
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
            state,
        }
    }

    #[test]
    fn a_challenge_is_said_as_the_page_says_it() {
        assert_eq!(
            incoming_text(&view(ChallengeState::Open)),
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
}
