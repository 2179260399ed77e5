//! The game's ECS without a window: move entry click by click, the board built for each
//! variant, and computer moves arriving while `update()` keeps running.

mod headless_app;

use std::time::{Duration, Instant};

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use camelot::game::actions::{GameActions, Notices};
use camelot::game::computer::AiPlayer;
use camelot::game::computer::HintMove;
use camelot::game::screens::Screen;
use camelot::game::session::{Seat, Session};
use camelot::game::settings::PlaySettings;
use camelot::input::move_entry::{EntryCommand, MoveInput, SquareClicked};
use camelot::storage::data_dir::Store;
use camelot::storage::saving::Storage;
use camelot::table::board::{BridgeTile, CastleTile, OnSquare, RiverTile, Tile, Tree};
use camelot::table::pieces::{InTray, PieceView};
use camelot::table::settings::TableSettings;
use camelot_engine::{Game, Level, Position, Side, Variant};

/// A data directory of this test process's own: the autosave and settings stay out of
/// the user's home.
fn scratch_store() -> Store {
    Store::at(std::env::temp_dir().join(format!("camelot-headless-{}", std::process::id())))
}

fn app(session: Session) -> App {
    let mut app = App::new();
    app.insert_resource(Storage::new(Some(scratch_store())));
    headless_app::add_game_plugins(&mut app)
        // Every update is 1/60 s of game time, however long it takes: animations are then
        // the same number of frames on any machine and under any load.
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            Duration::from_secs_f64(1.0 / 60.0),
        ))
        .insert_resource(session)
        .insert_state(Screen::Playing);
    {
        app.world_mut()
            .resource_mut::<TableSettings>()
            .animation_speed = 0.0;
        app.world_mut().resource_mut::<PlaySettings>().ai_delay = 0.0;
        app.world_mut().resource_mut::<PlaySettings>().watch_pace = 0.0;
    }
    app.update();
    app.update();
    app
}

fn humans(variant: Variant) -> Vec<Seat> {
    vec![Seat::Human; variant.rules().players()]
}

fn count<F: bevy::ecs::query::QueryFilter>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), F>()
        .iter(app.world())
        .count()
}

fn click(app: &mut App, name: &str) {
    let sq = {
        let s = app.world().resource::<Session>();
        s.position().geometry().parse_square(name).unwrap()
    };
    app.world_mut().write_message(SquareClicked {
        square: sq,
        dropped: false,
    });
    app.update();
}

fn offered(app: &App) -> Vec<String> {
    let s = app.world().resource::<Session>();
    let g = s.position().geometry();
    let mut v: Vec<String> = app
        .world()
        .resource::<MoveInput>()
        .offers
        .iter()
        .map(|(sq, _)| g.name(*sq))
        .collect();
    v.sort();
    v
}

/// The notices shown now, oldest first.
fn notices(app: &App) -> Vec<String> {
    let n = &app.world().resource::<Notices>().items;
    n.iter().map(|(t, _)| t.clone()).collect()
}

fn position(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{e}: {s}"))
}

#[test]
fn a_multi_leap_move_entered_click_by_click_is_the_engine_move() {
    let start = position("variant=camelot turn=white white=ME5,MA4 black=ME6,ME8,MF6,ML10");
    let expected_move = start.parse_move("E5xE7xE9").unwrap();
    let mut app = app(Session::new(
        Game::from_position(start.clone()),
        humans(Variant::Camelot),
    ));

    // A click on an empty square is explained, not acted on.
    click(&mut app, "H8");
    assert!(app.world().resource::<MoveInput>().clicks.is_empty());
    let notes = &app.world().resource::<Notices>().items;
    assert!(
        notes.iter().any(|(t, _)| t.contains("White to move")),
        "{notes:?}"
    );

    // The man must jump, over E6 or F6.
    click(&mut app, "E5");
    assert_eq!(offered(&app), ["E7", "G7"]);
    click(&mut app, "E7");
    // Two ways on; the move is not complete (a capture must go on).
    assert_eq!(offered(&app), ["E9", "G5"]);
    assert!(app.world().resource::<MoveInput>().entry.complete.is_none());
    // The man waits over E7, held there while the move is entered.
    for _ in 0..30 {
        app.update();
    }
    let e7 = camelot_engine::BoardGeometry::camelot()
        .parse_square("E7")
        .unwrap();
    let at = camelot::table::board::stand_point(Variant::Camelot, e7);
    let mut q = app
        .world_mut()
        .query_filtered::<&Transform, With<camelot::table::pieces::Held>>();
    let held: Vec<Vec3> = q.iter(app.world()).map(|tf| tf.translation).collect();
    assert_eq!(held.len(), 1);
    assert!(held[0].xz().distance(at.xz()) < 1e-4, "{held:?} vs {at}");
    assert_eq!(app.world().resource::<Session>().game.ply(), 0);

    // Take the landing back, then enter it again.
    app.world_mut().write_message(EntryCommand::StepBack);
    app.update();
    assert_eq!(offered(&app), ["E7", "G7"]);
    click(&mut app, "E7");
    click(&mut app, "E9");

    let session = app.world().resource::<Session>();
    assert_eq!(session.game.moves(), &[expected_move]);
    assert_eq!(session.position(), &start.after(&expected_move));
    assert!(app.world().resource::<MoveInput>().clicks.is_empty());
    app.update();
    // The board mirrors the engine: two white and two black pieces left, and Black's
    // two captured men stand in Black's tray beside the board.
    assert_eq!(count::<(With<PieceView>, With<OnSquare>)>(&mut app), 4);
    let mut in_tray = app.world_mut().query::<&InTray>();
    let mut slots: Vec<(u8, usize)> = in_tray
        .iter(app.world())
        .map(|r| (r.owner.0, r.slot))
        .collect();
    slots.sort();
    assert_eq!(slots, [(1, 0), (1, 1)]);
}

#[test]
fn a_click_on_the_destination_plays_the_only_move_ending_there() {
    let start = position("variant=camelot turn=white white=ME5,MA4 black=ME6,ME8,MF6,ML10");
    let mut app = app(Session::new(
        Game::from_position(start.clone()),
        humans(Variant::Camelot),
    ));
    click(&mut app, "E5");
    click(&mut app, "G5");
    let m = start.parse_move("E5xE7xG5").unwrap();
    assert_eq!(app.world().resource::<Session>().game.moves(), &[m]);
}

#[test]
fn the_board_for_each_variant_has_the_right_entities() {
    for v in Variant::ALL {
        let mut app = app(Session::new(Game::new(v), humans(v)));
        let r = v.rules();
        let castles: u32 = r.players_in_order().map(|p| r.castle(p).len()).sum();
        assert_eq!(count::<With<Tile>>(&mut app), r.geometry.len(), "{v}");
        assert_eq!(count::<With<CastleTile>>(&mut app), castles as usize, "{v}");
        assert_eq!(
            count::<With<RiverTile>>(&mut app),
            r.water.len() as usize,
            "{v}"
        );
        assert_eq!(
            count::<With<BridgeTile>>(&mut app),
            r.bridges.len() as usize,
            "{v}"
        );
        assert_eq!(count::<With<PieceView>>(&mut app), r.start.len(), "{v}");
        assert_eq!(count::<With<Tree>>(&mut app), 0, "{v}");
    }
}

#[test]
fn river_trees_are_planted_by_clicking_squares() {
    let mut app = app(Session::new(
        Game::new(Variant::River),
        humans(Variant::River),
    ));
    // A castle square refuses a tree; then each side plants three.
    click(&mut app, "F1");
    assert_eq!(app.world().resource::<Session>().game.ply(), 0);
    for _ in 0..6 {
        // Whichever square the engine allows first, clicked as a player would.
        let name = {
            let pos = app.world().resource::<Session>().position().clone();
            let m = *pos.legal_moves().get(0);
            pos.geometry().name(m.to)
        };
        click(&mut app, &name);
    }
    app.update();
    let session = app.world().resource::<Session>();
    assert_eq!(session.game.ply(), 6);
    assert!(!session.position().in_setup());
    assert_eq!(count::<With<Tree>>(&mut app), 6);
}

#[test]
fn a_computer_move_arrives_without_blocking_update() {
    let seats = vec![Seat::Computer(Level::MASTER), Seat::Human];
    let mut app = app(Session::new(Game::new(Variant::Camelot), seats));
    let started = Instant::now();
    let mut slowest = Duration::ZERO;
    let mut frames_while_thinking = 0;
    while app.world().resource::<Session>().game.ply() == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no move after a minute"
        );
        // Only frames that start and end with the search running count: the first
        // frames build the board, which has nothing to do with the search.
        let before = app.world().resource::<AiPlayer>().is_thinking();
        let t = Instant::now();
        app.update();
        let took = t.elapsed();
        if before && app.world().resource::<AiPlayer>().is_thinking() {
            slowest = slowest.max(took);
            frames_while_thinking += 1;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    // The master searches two million nodes: far longer than any frame. (Other tests
    // share the two cores, so a frame's time is compared with the search's, not with a
    // fixed budget.)
    let searched = started.elapsed();
    assert!(frames_while_thinking >= 10, "{frames_while_thinking}");
    assert!(slowest * 8 < searched, "{slowest:?} of {searched:?}");
    let session = app.world().resource::<Session>();
    assert!(Position::start(Variant::Camelot).is_legal(&session.game.moves()[0]));
}

#[test]
fn undo_cancels_the_computer_and_restores_the_board() {
    let seats = vec![Seat::Human, Seat::Computer(Level::MASTER)];
    let mut app = app(Session::new(Game::new(Variant::Camelot), seats));
    click(&mut app, "E7");
    click(&mut app, "E8");
    assert_eq!(app.world().resource::<Session>().game.ply(), 1);
    app.update();
    assert!(app.world().resource::<AiPlayer>().is_thinking());
    // Undo (the panel's path) goes back to the human's turn; the search's answer is
    // thrown away.
    let undone = app
        .world_mut()
        .run_system_once(|mut actions: GameActions| actions.undo())
        .unwrap();
    assert!(undone);
    for _ in 0..5 {
        app.update();
    }
    assert!(!app.world().resource::<AiPlayer>().is_thinking());
    assert_eq!(app.world().resource::<Session>().game.ply(), 0);
    assert_eq!(count::<With<PieceView>>(&mut app), 28);
}

#[test]
fn an_animated_capture_ends_with_the_board_matching_the_engine() {
    let start = position("variant=camelot turn=white white=ME5,MA4 black=ME6,ME8,MF6,ML10");
    let mut app = app(Session::new(
        Game::from_position(start),
        humans(Variant::Camelot),
    ));
    app.world_mut()
        .resource_mut::<TableSettings>()
        .animation_speed = 4.0;
    click(&mut app, "E5");
    click(&mut app, "E7");
    click(&mut app, "E9");
    assert_eq!(app.world().resource::<Session>().game.ply(), 1);
    let started = Instant::now();
    let mut highest: f32 = 0.0;
    let mut frames = 0;
    loop {
        app.update();
        frames += 1;
        let mut q = app
            .world_mut()
            .query_filtered::<&Transform, With<PieceView>>();
        for tf in q.iter(app.world()) {
            highest = highest.max(tf.translation.y);
        }
        if app
            .world()
            .resource::<camelot::table::animation::Animation>()
            .idle()
        {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "animation never ended"
        );
        std::thread::sleep(Duration::from_millis(8));
    }
    // The leaps went through the air, over several frames.
    assert!(highest > 0.3, "{highest}");
    assert!(frames > 3, "{frames}");
    app.update();
    app.update();
    // Every piece entity stands where the engine has that piece.
    let session = app.world().resource::<Session>().clone();
    let mut q = app
        .world_mut()
        .query::<(&camelot::table::board::OnSquare, &PieceView)>();
    let on_board: Vec<_> = q.iter(app.world()).map(|(on, p)| (on.0, p.0)).collect();
    assert_eq!(
        on_board.len() as u32,
        session.position().count(camelot_engine::Player(0))
            + session.position().count(camelot_engine::Player(1))
    );
    for (sq, piece) in on_board {
        assert_eq!(session.position().piece_at(sq), Some(piece));
    }
}

mod drag {
    use super::*;
    use camelot::input::pointer::{BoardPointer, PointerAction};
    use camelot::table::pieces::Held;

    fn entity_on<F: bevy::ecs::query::QueryFilter>(app: &mut App, name: &str) -> Entity {
        let sq = square(app, name);
        let mut q = app.world_mut().query_filtered::<(Entity, &OnSquare), F>();
        q.iter(app.world())
            .find(|(_, on)| on.0 == sq)
            .map(|(e, _)| e)
            .unwrap()
    }

    fn square(app: &App, name: &str) -> camelot_engine::Square {
        app.world()
            .resource::<Session>()
            .position()
            .geometry()
            .parse_square(name)
            .unwrap()
    }

    /// The pointer over `name` (as the window's picker sets it).
    fn hover(app: &mut App, name: &str) {
        let sq = square(app, name);
        app.world_mut().resource_mut::<MoveInput>().hovered = Some(sq);
    }

    fn button(app: &mut App, action: PointerAction, name: &str) {
        let sq = square(app, name);
        app.world_mut().write_message(BoardPointer {
            action,
            square: Some(sq),
        });
    }

    /// Presses on the piece on `from`, moves the pointer over `to`, lets go.
    fn drag(app: &mut App, from: &str, to: &str) -> bool {
        let piece = entity_on::<With<PieceView>>(app, from);
        hover(app, from);
        button(app, PointerAction::PressPrimary, from);
        app.update();
        hover(app, to);
        app.update();
        let lifted = app.world().get::<Held>(piece).is_some();
        button(app, PointerAction::ReleasePrimary, to);
        app.update();
        app.update();
        lifted
    }

    #[test]
    fn a_press_and_release_on_one_square_is_a_click() {
        let mut app = app(Session::new(
            Game::new(Variant::Camelot),
            humans(Variant::Camelot),
        ));
        hover(&mut app, "E7");
        button(&mut app, PointerAction::PressPrimary, "E7");
        app.update();
        button(&mut app, PointerAction::ReleasePrimary, "E7");
        app.update();
        assert_eq!(
            app.world().resource::<MoveInput>().clicks,
            [square(&app, "E7")]
        );
        // A right click takes the selection back.
        button(&mut app, PointerAction::Secondary, "E7");
        app.update();
        assert!(app.world().resource::<MoveInput>().clicks.is_empty());
    }

    #[test]
    fn a_piece_dropped_where_it_cannot_go_slides_back() {
        let mut app = app(Session::new(
            Game::new(Variant::Camelot),
            humans(Variant::Camelot),
        ));
        let home = |app: &mut App| {
            let piece = entity_on::<With<PieceView>>(app, "E7");
            let tf = *app.world().get::<Transform>(piece).unwrap();
            let e7 = app
                .world()
                .resource::<Session>()
                .position()
                .geometry()
                .parse_square("E7")
                .unwrap();
            // Across the board: a piece left selected after the drop floats above it.
            tf.translation
                .xz()
                .distance(camelot::table::board::stand_point(Variant::Camelot, e7).xz())
        };
        assert!(drag(&mut app, "E7", "E10"));
        assert_eq!(app.world().resource::<Session>().game.ply(), 0);
        let just_after = home(&mut app);
        assert!(just_after > 0.2, "{just_after}");
        let mut last = just_after;
        for _ in 0..6 {
            app.update();
            let now = home(&mut app);
            assert!(now < last, "it slides: {now} after {last}");
            last = now;
        }
        for _ in 0..60 {
            app.update();
        }
        assert!(home(&mut app) < 1e-3);
    }

    #[test]
    fn a_piece_dragged_to_its_destination_plays_the_move() {
        let mut app = app(Session::new(
            Game::new(Variant::Camelot),
            humans(Variant::Camelot),
        ));
        // Black's pieces stay put while White is to move.
        assert!(!drag(&mut app, "E10", "E9"));
        assert_eq!(app.world().resource::<Session>().game.ply(), 0);
        // White's man is lifted while dragged, and the drop plays E7-E8.
        assert!(drag(&mut app, "E7", "E8"));
        let session = app.world().resource::<Session>();
        let start = Position::start(Variant::Camelot);
        let m = start.parse_move("E7-E8").unwrap();
        assert_eq!(session.game.moves(), &[m]);
        let mut q = app.world_mut().query::<&Held>();
        assert_eq!(q.iter(app.world()).count(), 0);
    }
}

#[test]
fn a_new_game_of_another_variant_forgets_the_old_board_squares() {
    let seats = vec![
        Seat::Computer(Level::CLUB),
        Seat::Human,
        Seat::Computer(Level::CLUB),
        Seat::Human,
    ];
    let mut app = app(Session::new(Game::new(Variant::GrandCam), seats));
    // The pointer rests on a square Camette does not have (Grand Cam's last, past
    // Camette's 23).
    let far = Variant::GrandCam
        .rules()
        .square("G13")
        .expect("a Grand Cam square");
    assert!(far.index() >= Variant::Camette.rules().geometry.len());
    app.world_mut().resource_mut::<MoveInput>().hovered = Some(far);
    app.update();
    app.world_mut()
        .run_system_once(|mut actions: GameActions| {
            actions.replace(Session::new(
                Game::new(Variant::Camette),
                humans(Variant::Camette),
            ))
        })
        .unwrap();
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(app.world().resource::<MoveInput>().hovered, None);
    assert_eq!(
        count::<With<Tile>>(&mut app),
        Variant::Camette.rules().geometry.len()
    );
    assert_eq!(count::<With<PieceView>>(&mut app), 8);
}

#[test]
fn a_hint_is_a_legal_move_shown_until_the_next_move() {
    let mut app = app(Session::new(
        Game::new(Variant::Camette),
        humans(Variant::Camette),
    ));
    app.world_mut()
        .write_message(camelot::game::computer::HintRequest);
    let started = Instant::now();
    while app.world().resource::<HintMove>().0.is_none() {
        assert!(started.elapsed() < Duration::from_secs(30), "no hint");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let (m, path) = app.world().resource::<HintMove>().0.clone().unwrap();
    let session = app.world().resource::<Session>();
    assert!(session.position().is_legal(&m));
    assert_eq!((path[0], *path.last().unwrap()), (m.from, m.to));
    // The hint suggests; it does not play.
    assert_eq!(session.game.ply(), 0);
    let name = session.position().geometry().name(m.from);
    let to = session.position().geometry().name(m.to);
    click(&mut app, &name);
    click(&mut app, &to);
    app.update();
    assert_eq!(app.world().resource::<Session>().game.ply(), 1);
    assert!(app.world().resource::<HintMove>().0.is_none());
}

/// Updates until no move is being shown (at most ten seconds of frames); returns the
/// highest any board piece rose meanwhile.
fn run_until_idle(app: &mut App) -> f32 {
    let mut highest: f32 = 0.0;
    for _ in 0..600 {
        app.update();
        let mut q = app
            .world_mut()
            .query_filtered::<&Transform, (With<PieceView>, With<OnSquare>)>();
        for tf in q.iter(app.world()) {
            highest = highest.max(tf.translation.y);
        }
        let idle = app
            .world_mut()
            .run_system_once(camelot::table::animation::board_idle)
            .unwrap();
        if idle {
            app.update();
            return highest;
        }
    }
    panic!("the animation never ended");
}

fn pieces_in_trays(app: &mut App) -> usize {
    count::<With<InTray>>(app)
}

#[test]
fn an_undone_capture_flies_back_and_its_pieces_return_from_the_tray() {
    let start = position("variant=camelot turn=white white=ME5,MA4 black=ME6,ME8,MF6,ML10");
    let mut app = app(Session::new(
        Game::from_position(start.clone()),
        humans(Variant::Camelot),
    ));
    app.world_mut()
        .resource_mut::<TableSettings>()
        .animation_speed = 2.0;
    click(&mut app, "E5");
    click(&mut app, "E7");
    click(&mut app, "E9");
    run_until_idle(&mut app);
    assert_eq!(pieces_in_trays(&mut app), 2);
    let undone = app
        .world_mut()
        .run_system_once(|mut a: GameActions| a.undo())
        .unwrap();
    assert!(undone);
    let highest = run_until_idle(&mut app);
    // The man leapt back through the air; the two black men left the tray for their
    // squares; every piece stands where the engine has it.
    assert!(highest > 0.3, "{highest}");
    assert_eq!(pieces_in_trays(&mut app), 0);
    let mut q = app.world_mut().query::<(&OnSquare, &PieceView)>();
    let mut on_board: Vec<_> = q.iter(app.world()).map(|(on, p)| (on.0, p.0)).collect();
    on_board.sort_by_key(|(sq, _)| *sq);
    let expected: Vec<_> = start
        .geometry()
        .squares()
        .filter_map(|sq| start.piece_at(sq).map(|p| (sq, p)))
        .collect();
    assert_eq!(on_board, expected);
    // Redo plays it forwards again.
    app.world_mut()
        .run_system_once(|mut a: GameActions| a.redo())
        .unwrap();
    run_until_idle(&mut app);
    assert_eq!(pieces_in_trays(&mut app), 2);
    assert_eq!(app.world().resource::<Session>().game.ply(), 1);
}

mod browsing {
    use super::*;
    use bevy::input::keyboard::{Key, KeyboardInput};
    use bevy::input::ButtonState;
    use camelot::analysis::{Analysis, PositionKey};
    use camelot::game::browse::{Browse, BrowseCommand};

    /// Every piece entity on the board, as (square, piece).
    fn board(app: &mut App) -> Vec<(camelot_engine::Square, camelot_engine::Piece)> {
        let mut q = app.world_mut().query::<(&OnSquare, &PieceView)>();
        let mut v: Vec<_> = q.iter(app.world()).map(|(on, p)| (on.0, p.0)).collect();
        v.sort_by_key(|(sq, _)| sq.index());
        v
    }

    fn pieces_of(p: &Position) -> Vec<(camelot_engine::Square, camelot_engine::Piece)> {
        p.geometry()
            .squares()
            .filter_map(|sq| p.piece_at(sq).map(|pc| (sq, pc)))
            .collect()
    }

    fn command(app: &mut App, c: BrowseCommand) {
        app.world_mut().write_message(c);
        app.update();
        app.update();
    }

    fn key(app: &mut App, code: KeyCode) {
        let window = Entity::PLACEHOLDER;
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(KeyboardInput {
                key_code: code,
                logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window,
            });
            app.update();
        }
        app.update();
    }

    fn shown(app: &App) -> usize {
        let s = app.world().resource::<Session>();
        app.world().resource::<Browse>().shown_ply(s)
    }

    #[test]
    fn browsing_shows_earlier_positions_and_leaves_the_game_unchanged() {
        let mut game = Game::new(Variant::Camelot);
        for m in ["E6-E8", "H11-F9", "H6-F8", "F11-H9"] {
            game.play_notation(m).unwrap();
        }
        let mut app = app(Session::new(game.clone(), humans(Variant::Camelot)));
        assert_eq!(board(&mut app), pieces_of(game.position()));

        command(&mut app, BrowseCommand::To(1));
        assert_eq!(shown(&app), 1);
        assert_eq!(board(&mut app), pieces_of(game.position_at(1)));
        // Left and right arrows step; Home goes to the start.
        key(&mut app, KeyCode::ArrowLeft);
        assert_eq!(shown(&app), 0);
        assert_eq!(board(&mut app), pieces_of(game.start()));
        key(&mut app, KeyCode::ArrowRight);
        key(&mut app, KeyCode::ArrowRight);
        assert_eq!(shown(&app), 2);
        assert_eq!(board(&mut app), pieces_of(game.position_at(2)));

        // The board takes no move while browsing, and says why.
        click(&mut app, "E8");
        assert!(app.world().resource::<MoveInput>().clicks.is_empty());
        let notes = &app.world().resource::<Notices>().items;
        assert!(
            notes.iter().any(|(t, _)| t.contains("after 2 of 4 moves")),
            "{notes:?}"
        );
        // Nothing was undone.
        let s = app.world().resource::<Session>();
        assert_eq!(s.game.moves(), game.moves());
        assert_eq!(s.game.position(), game.position());

        key(&mut app, KeyCode::Home);
        assert_eq!(shown(&app), 0);
        key(&mut app, KeyCode::End);
        assert_eq!(shown(&app), 4);
        assert_eq!(board(&mut app), pieces_of(game.position()));
        // Back at the game, moves are entered again.
        click(&mut app, "E8");
        assert!(!app.world().resource::<MoveInput>().clicks.is_empty());

        // An undo while browsing ends the browse: the board shows the game.
        command(&mut app, BrowseCommand::To(1));
        app.world_mut()
            .run_system_once(|mut a: GameActions| {
                a.undo();
            })
            .unwrap();
        for _ in 0..3 {
            app.update();
        }
        let now = app.world().resource::<Session>().game.clone();
        assert_eq!(now.ply(), 3);
        assert_eq!(shown(&app), 3);
        assert_eq!(board(&mut app), pieces_of(now.position()));
    }

    #[test]
    fn the_computer_waits_while_an_earlier_position_is_shown() {
        let mut game = Game::new(Variant::Camette);
        let first = game.position().legal_moves().to_vec()[0];
        game.play(&first).unwrap();
        // People at the table first, so the computer has not moved before the browse.
        let mut app = app(Session::new(game, humans(Variant::Camette)));
        command(&mut app, BrowseCommand::To(0));
        app.world_mut().resource_mut::<Session>().seats[1] = Seat::Computer(Level::BEGINNER);
        let started = Instant::now();
        while started.elapsed() < Duration::from_millis(1500) {
            app.update();
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(
            app.world().resource::<Session>().game.ply(),
            1,
            "no move while browsing"
        );
        assert!(!app.world().resource::<AiPlayer>().is_thinking());
        command(&mut app, BrowseCommand::Live);
        let started = Instant::now();
        while app.world().resource::<Session>().game.ply() < 2 {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "the computer moves on"
            );
            app.update();
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn analysis_searches_the_position_shown_with_three_lines() {
        let mut game = Game::new(Variant::Camelot);
        for m in ["E6-E8", "H11-F9"] {
            game.play_notation(m).unwrap();
        }
        let mut app = app(Session::new(game.clone(), humans(Variant::Camelot)));
        app.world_mut()
            .write_message(camelot::game::actions::GameStarted);
        app.update();
        assert!(
            app.world().resource::<Analysis>().on,
            "on when only people play"
        );
        command(&mut app, BrowseCommand::To(1));
        let key = {
            let s = app.world().resource::<Session>();
            PositionKey::shown(s, app.world().resource::<Browse>())
        };
        assert_eq!(key.ply, 1);
        let started = Instant::now();
        let report = loop {
            app.update();
            let a = app.world().resource::<Analysis>();
            if let Some(r) = a.report_for(key).filter(|r| r.info.depth >= 3) {
                break r;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "no report");
            std::thread::sleep(Duration::from_millis(20));
        };
        let pos = game.position_at(1);
        assert_eq!(report.info.lines.len(), 3);
        for line in &report.info.lines {
            assert!(pos.is_legal(&line.pv[0]), "a line for the browsed position");
        }
        // Against the computer it starts off.
        let seats = vec![Seat::Human, Seat::Computer(Level::BEGINNER)];
        let mut against = super::app(Session::new(game, seats));
        against
            .world_mut()
            .write_message(camelot::game::actions::GameStarted);
        against.update();
        assert!(!against.world().resource::<Analysis>().on);
    }
}

#[test]
fn review_runs_in_the_background_and_goes_stale_when_the_game_moves() {
    use camelot::review::{GameReview, StartReview};
    let mut game = Game::new(Variant::Camelot);
    for m in ["E6-E8", "H11-F9", "H6-F8", "F11-H9"] {
        game.play_notation(m).unwrap();
    }
    let mut app = app(Session::new(game, humans(Variant::Camelot)));
    app.world_mut().write_message(StartReview);
    app.update();
    let started = Instant::now();
    let plies = loop {
        app.update();
        let s = app.world().resource::<Session>();
        if let Some(p) = app.world().resource::<GameReview>().plies(s) {
            break p;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "no review");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(plies.len(), 4);
    assert!(plies.iter().all(|p| p.class.is_some()));
    // Another move: the review no longer describes the game.
    click(&mut app, "I7");
    click(&mut app, "I8");
    for _ in 0..3 {
        app.update();
    }
    let s = app.world().resource::<Session>();
    assert_eq!(s.game.ply(), 5);
    let review = app.world().resource::<GameReview>();
    assert!(review.plies(s).is_none() && review.stale(s));
}

mod learning {
    use super::*;
    use camelot::analysis::Analysis;
    use camelot::learning::{ExerciseRef, Exercises, Progress, StartExercise};

    fn start(app: &mut App, which: ExerciseRef) {
        app.world_mut().write_message(StartExercise(which));
        for _ in 0..3 {
            app.update();
        }
    }

    fn progress(app: &App) -> Option<(Progress, u32)> {
        let s = app.world().resource::<Session>();
        let e = app.world().resource::<Exercises>();
        e.active(s).map(|a| (a.progress, a.misses))
    }

    fn lesson(app: &App, id: &str) -> usize {
        let e = app.world().resource::<Exercises>();
        e.lessons.iter().position(|l| l.id == id).unwrap()
    }

    #[test]
    fn a_lesson_takes_back_a_wrong_move_and_praises_the_right_one() {
        let mut app = app(Session::fresh(Variant::Camelot));
        let canter = lesson(&app, "camelot-canter");
        start(&mut app, ExerciseRef::Lesson(canter));
        {
            let s = app.world().resource::<Session>();
            let e = app.world().resource::<Exercises>();
            assert_eq!(*s.position(), e.lessons[canter].position);
            assert!(s.seats.iter().all(|s| *s == Seat::Human));
        }
        // The analysis would give answers away: off for exercises, though only people play.
        assert!(!app.world().resource::<Analysis>().on);
        assert_eq!(progress(&app), Some((Progress::Trying, 0)));

        // A plain move is not a canter: said, and taken back.
        click(&mut app, "E6");
        click(&mut app, "E7");
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(app.world().resource::<Session>().game.ply(), 0);
        assert_eq!(progress(&app), Some((Progress::Trying, 1)));
        assert!(
            notices(&app)
                .iter()
                .any(|t| t.starts_with("Not what this lesson asks")),
            "{:?}",
            notices(&app)
        );

        // The knight canters over E6 and on over F6: done.
        click(&mut app, "D7");
        click(&mut app, "F7");
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(app.world().resource::<Session>().game.ply(), 1);
        assert_eq!(progress(&app), Some((Progress::Solved, 1)));
        assert!(notices(&app).iter().any(|t| t.starts_with("A canter")));

        // A new game ends the exercise.
        let fresh = Session::fresh(Variant::Camelot);
        app.world_mut()
            .run_system_once(move |mut a: GameActions| a.replace(fresh.clone()))
            .unwrap();
        app.update();
        assert_eq!(progress(&app), None);
    }

    #[test]
    fn a_puzzle_is_solved_only_by_its_answer() {
        let mut app = app(Session::fresh(Variant::Camelot));
        start(&mut app, ExerciseRef::Puzzle(0));
        let (answer, wrong) = {
            let e = app.world().resource::<Exercises>();
            let p = &e.puzzles[0];
            let wrong = p
                .position
                .legal_moves()
                .iter()
                .find(|m| **m != p.answer)
                .copied();
            (p.answer, wrong.unwrap())
        };
        let play = |app: &mut App, m: camelot_engine::Move| {
            app.world_mut()
                .run_system_once(move |mut a: GameActions| a.play(m).unwrap())
                .unwrap();
            for _ in 0..3 {
                app.update();
            }
        };
        play(&mut app, wrong);
        assert_eq!(app.world().resource::<Session>().game.ply(), 0);
        assert_eq!(progress(&app), Some((Progress::Trying, 1)));
        assert!(notices(&app).iter().any(|t| t.contains("win slip away")));
        play(&mut app, answer);
        assert_eq!(progress(&app), Some((Progress::Solved, 1)));
        // The next puzzle follows from the panel's button (the same message).
        start(&mut app, ExerciseRef::Puzzle(1));
        let s = app.world().resource::<Session>();
        let e = app.world().resource::<Exercises>();
        assert_eq!(*s.position(), e.puzzles[1].position);
        assert_eq!(progress(&app), Some((Progress::Trying, 0)));
    }
}

#[test]
fn a_typed_move_is_played_and_a_bad_one_explained_and_kept() {
    use camelot::input::move_entry::TypedMove;
    let mut app = app(Session::new(
        Game::new(Variant::Camelot),
        humans(Variant::Camelot),
    ));
    let typed = |app: &mut App, text: &str| {
        *app.world_mut().resource_mut::<TypedMove>() = TypedMove {
            text: text.to_string(),
            submitted: true,
        };
        for _ in 0..3 {
            app.update();
        }
    };
    // Not a move of this position: said, nothing played, the text kept for mending.
    typed(&mut app, "E6-E9");
    assert_eq!(app.world().resource::<Session>().game.ply(), 0);
    let notes = notices(&app);
    assert!(
        notes
            .iter()
            .any(|t| t == "E6-E9: no legal move from E6 ends on E9"),
        "{notes:?}"
    );
    assert_eq!(app.world().resource::<TypedMove>().text, "E6-E9");
    // WCF, then Black's answer in the 1930 numbered notation.
    typed(&mut app, "e6-e8");
    typed(&mut app, "110C84");
    let s = app.world().resource::<Session>();
    let notes = notices(&app);
    assert_eq!(
        s.game.move_texts(camelot_engine::Notation::Wcf),
        ["E6-E8", "H11-F9"],
        "{notes:?}"
    );
    assert_eq!(app.world().resource::<TypedMove>().text, "");
}

mod tournaments {
    use super::*;
    use camelot::watching::{Phase, StartTournament, Tournament, TournamentSetup};
    use camelot_engine::notation::Record;

    fn phase(app: &App) -> Option<Phase> {
        let t = app.world().resource::<Tournament>();
        t.running.as_ref().map(|r| r.phase.clone())
    }

    /// Six records, in playing order, each a complete game whose result is the one
    /// counted.
    fn check_records(r: &camelot::watching::Running) {
        let folder = r.folder.clone().expect("a folder for the records");
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        assert_eq!(
            files,
            [
                "001-greedy-vs-beginner.cgn",
                "002-greedy-vs-beginner.cgn",
                "003-greedy-vs-greedy2.cgn",
                "004-greedy-vs-greedy2.cgn",
                "005-beginner-vs-greedy2.cgn",
                "006-beginner-vs-greedy2.cgn",
            ]
        );
        for (k, name) in files.iter().enumerate() {
            let text = std::fs::read_to_string(folder.join(name)).unwrap();
            let (rec, game) = Record::import(&text).unwrap();
            let o = game
                .outcome()
                .unwrap_or_else(|| panic!("{name} is unfinished"));
            let first = if k % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            assert_eq!(o.score_for(first), r.results[k], "{name}");
            assert_eq!(rec.tag("Round"), Some((k + 1).to_string().as_str()));
            assert!(rec.tag("Event").unwrap().starts_with("Camette tournament"));
        }
    }

    /// A whole tournament at the table: every game played with colours alternating, each
    /// result counted once and saved as a record, and the player's own game kept in the
    /// history while the tournament's games stay out of it.
    #[test]
    fn a_tournament_plays_every_game_and_saves_every_record() {
        let mut app = app(Session::new(
            Game::new(Variant::Camette),
            humans(Variant::Camette),
        ));
        // A data directory of its own: other tests write theirs meanwhile.
        let dir = std::env::temp_dir().join(format!("camelot-tournament-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::at(&dir);
        *app.world_mut().resource_mut::<Storage>() = Storage::new(Some(store.clone()));
        // The player's game: seated (so it is the autosave), one move played.
        app.world_mut()
            .run_system_once(|mut actions: GameActions| {
                actions.replace(Session::new(
                    Game::new(Variant::Camette),
                    humans(Variant::Camette),
                ));
                let m = *actions.session.position().legal_moves().get(0);
                actions.play(m).unwrap();
            })
            .unwrap();
        app.update();
        let players_game = app.world().resource::<Session>().game.clone();
        assert!(store.autosave_path().exists());

        let setup = TournamentSetup {
            variant: Variant::Camette,
            entrants: vec![Level::GREEDY, Level::BEGINNER, Level::GREEDY],
            games_per_pairing: 2,
        };
        app.world_mut().write_message(StartTournament(setup));
        let deadline = Instant::now() + Duration::from_secs(600);
        let mut seen_white = Vec::new();
        let mut last_ply_game = None;
        while phase(&app) != Some(Phase::Finished) {
            assert!(Instant::now() < deadline, "the tournament did not finish");
            app.update();
            let t = app.world().resource::<Tournament>();
            let Some(r) = &t.running else {
                panic!(
                    "the tournament stopped: {:?}",
                    app.world().resource::<Notices>().items
                )
            };
            if let Phase::Playing(k) = r.phase {
                if last_ply_game != Some(k) {
                    last_ply_game = Some(k);
                    seen_white.push(app.world().resource::<Session>().seats[0]);
                }
            }
        }
        let r = app
            .world()
            .resource::<Tournament>()
            .running
            .clone()
            .unwrap();
        assert_eq!(r.results.len(), 6);
        // The pairs in order, the first entrant White in even games, Black in odd ones.
        let white = |l: camelot_engine::Level| Seat::Computer(l);
        assert_eq!(
            seen_white,
            [
                white(Level::GREEDY),
                white(Level::BEGINNER),
                white(Level::GREEDY),
                white(Level::GREEDY),
                white(Level::BEGINNER),
                white(Level::GREEDY),
            ]
        );
        let points: f64 = (0..3).map(|i| r.standings.points(i).0).sum();
        assert_eq!(points, 6.0);
        assert_eq!(r.standings.points(0).1, 4);

        check_records(&r);

        // The player's game went into the history; no tournament game did.
        let history = store.history();
        let kept: Vec<Game> = history
            .iter()
            .map(|g| {
                Record::import(&std::fs::read_to_string(&g.path).unwrap())
                    .unwrap()
                    .1
            })
            .collect();
        assert!(kept.iter().any(|g| g.moves() == players_game.moves()));
        assert!(history.iter().all(|g| {
            let text = std::fs::read_to_string(&g.path).unwrap();
            !text.contains("tournament")
        }));

        // A new game ends the tournament's hold on the table; the new game is autosaved.
        app.world_mut()
            .run_system_once(|mut actions: GameActions| {
                actions.replace(Session::fresh(Variant::Camelot));
            })
            .unwrap();
        app.update();
        app.update();
        assert!(app.world().resource::<Tournament>().running.is_none());
        assert!(store.autosave_path().exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Stopping keeps the game at the table as an ordinary game, autosaved from then on.
    #[test]
    fn a_stopped_tournament_leaves_its_game_to_be_kept() {
        use camelot::watching::StopTournament;
        let mut app = app(Session::fresh(Variant::Camette));
        let dir = std::env::temp_dir().join(format!("camelot-stopped-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::at(&dir);
        *app.world_mut().resource_mut::<Storage>() = Storage::new(Some(store.clone()));
        app.world_mut()
            .write_message(StartTournament(TournamentSetup {
                variant: Variant::Camette,
                entrants: vec![Level::NOVICE, Level::CLUB],
                games_per_pairing: 4,
            }));
        // Stopped once the first game has begun: a knight's charges can end a game
        // between computers in a few moves, and a finished game is not the point here.
        let deadline = Instant::now() + Duration::from_secs(60);
        while app.world().resource::<Session>().game.ply() == 0 {
            assert!(Instant::now() < deadline, "the first game did not begin");
            app.update();
        }
        assert!(app.world().resource::<Session>().in_tournament);
        assert!(!app.world().resource::<Session>().game.is_over());
        assert!(
            !store.autosave_path().exists(),
            "a tournament game is not autosaved"
        );
        app.world_mut().write_message(StopTournament);
        app.update();
        assert!(app.world().resource::<Tournament>().running.is_none());
        assert!(!app.world().resource::<Session>().in_tournament);
        let notes = &app.world().resource::<Notices>().items;
        assert!(
            notes
                .iter()
                .any(|(t, _)| t.contains("stopped after 0 of 4 games")),
            "{notes:?}"
        );
        // The next move is autosaved.
        let deadline = Instant::now() + Duration::from_secs(120);
        while !store.autosave_path().exists() {
            assert!(Instant::now() < deadline, "the game was not autosaved");
            app.update();
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
