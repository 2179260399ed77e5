// The protocol's vocabulary and message shapes, generated from the Rust definitions
// (online/src/protocol/page.rs): do not edit. `CAMELOT_WRITE_GENERATED=1 cargo test
// -p camelot-server --test page_protocol` writes it anew; that test fails while it
// differs from what the definitions make.

/** The protocol version this page speaks. */
export const PROTOCOL = 4;

/** The HTTP header that states it. */
export const VERSION_HEADER = "camelot-protocol";

/** Why a game ended, in words, by the reason's code. */
export const REASONS = Object.freeze({
  "agreement": "agreement",
  "all_captured": "all pieces captured",
  "bare_pieces": "both sides have at most one piece",
  "entered_enemy_castle": "a piece entered the enemy castle",
  "fifty_moves": "50 moves without progress",
  "goal_castle": "pieces in the goal castle",
  "no_legal_move": "no legal move",
  "nobody_can_move": "no player can move",
  "repetition": "threefold repetition",
  "resignation": "resignation",
  "time": "time",
});

/** The draws a player may claim, by code: "a 50-move draw". */
export const CLAIMS = Object.freeze({
  "fifty_moves": "50-move",
  "repetition": "repetition",
});

/** What an account's name may be, in a sentence. */
export const NAME_RULE = "A name is 2 to 20 letters, digits, _ or -.";

/** The most characters a name has. */
export const NAME_MAX = 20;

/** Whom a player may take challenges from, in their words. */
export const ACCEPT_FROM = /** @type {{ accept: AcceptFrom, words: string }[]} */ ([{"accept":"everyone","words":"everyone"},{"accept":"following","words":"players I follow"},{"accept":"nobody","words":"nobody"}]);

/** Why a challenge may be declined, in the order offered: the decliner's label, the challenger's words. */
export const DECLINES = /** @type {{ reason: DeclineReason, label: string, words: string }[]} */ ([{"label":"No, thank you","reason":"generic","words":"not accepting challenges just now"},{"label":"Later","reason":"later","words":"not now: please ask again later"},{"label":"Too fast","reason":"too_fast","words":"this clock is too fast for them"},{"label":"Too slow","reason":"too_slow","words":"this clock is too slow for them"},{"label":"Another time","reason":"time_control","words":"they would rather play another time control"},{"label":"Rated only","reason":"rated","words":"they would rather play rated"},{"label":"Casual only","reason":"casual","words":"they would rather play casual"},{"label":"Another variant","reason":"variant","words":"they would rather play another variant"}]);

/** Each seat's pieces' colour on a flat board. */
export const SEAT_COLOURS = Object.freeze({
  "Black": "#12100f",
  "Blue": "#030a54",
  "Green": "#3cb45a",
  "Red": "#e12d28",
  "White": "#faf7f0",
  "Yellow": "#ffec14",
});

/** The ring that tells one Grand Cam partner from the other. */
export const PARTNER_RINGS = Object.freeze({
  "Blue": "#d6aa3c",
  "Yellow": "#3c2810",
});

/** The seats whose pieces take a dark edge (the others are dark enough alone). */
export const EDGED_SEATS = ["White","Red","Green","Yellow"];

/** The seats whose pieces bear dark marks. */
export const DARK_INK_SEATS = ["White","Green","Yellow"];

/** The variants, each with its name and its seats in turn order. */
export const VARIANTS = /** @type {{ id: Variant, name: string, seats: SeatColour[] }[]} */ ([{"id":"camelot","name":"Camelot","seats":["White","Black"]},{"id":"classic","name":"Camelot (1930 Parker rules)","seats":["White","Black"]},{"id":"river","name":"River Camelot","seats":["White","Black"]},{"id":"anti","name":"Anti-Camelot","seats":["White","Black"]},{"id":"camette","name":"Camette","seats":["White","Black"]},{"id":"grandcam","name":"Grand Cam","seats":["Red","Green","Blue","Yellow"]}]);

/** The levels the server's computer plays a seat at, weakest first. */
export const LEVELS = /** @type {{ level: Level, description: string }[]} */ ([{"description":"looks one move ahead and blunders now and then","level":"beginner"},{"description":"looks two moves ahead, sometimes carelessly","level":"novice"},{"description":"a club player: 20,000 positions a move","level":"club"},{"description":"250,000 positions a move","level":"expert"},{"description":"the strongest: 2 million positions a move (two to three seconds here)","level":"master"}]);

/** A square's name: `E6`. @typedef {string} Coord */

/** @typedef {"anti" | "camelot" | "camette" | "classic" | "grandcam" | "river"} Variant */

/** @typedef {"Black" | "Blue" | "Green" | "Red" | "White" | "Yellow"} SeatColour */

/** @typedef {"Canter" | "Jump" | "Plain"} Step */

/** @typedef {"Canter" | "CastleMove" | "Charge" | "Jump" | "Pass" | "PlaceTree" | "Plain"} MoveKind */

/** @typedef {"abort" | "offer_draw" | "offer_rematch" | "offer_takeback" | "resign"} Ask */

/** @typedef {"Knight" | "Man"} PieceKind */

/** @typedef {"draw" | "rematch" | "takeback"} OfferKind */

/** @typedef {"fifty_moves" | "repetition"} DrawClaim */

/** @typedef {"agreement" | "all_captured" | "bare_pieces" | "entered_enemy_castle" | "fifty_moves" | "goal_castle" | "no_legal_move" | "nobody_can_move" | "repetition" | "resignation" | "time"} EndReason */

/** @typedef {"already_joined" | "bad_name" | "bad_password" | "bad_time_control" | "busy" | "challenge_closed" | "connection" | "cross_site" | "flood" | "game_over" | "illegal_move" | "name_taken" | "no_such_challenge" | "no_such_game" | "no_such_player" | "no_such_tournament" | "not_accepting" | "not_allowed" | "not_analysed" | "not_joined" | "not_over" | "not_signed_in" | "not_your_turn" | "other" | "seat_taken" | "signed_out" | "storage" | "time_up" | "too_large" | "too_many" | "tournament_closed" | "unreadable" | "upgrade" | "watcher" | "weak_password" | "wrong_method" | "wrong_password" | "wrong_ply" | "wrong_token"} ErrorCode */

/** @typedef {"account_closed" | "closed_by_operator" | "ended" | "expired" | "logged_out" | "password_changed" | "password_reset" | "recovered"} SessionEnd */

/** @typedef {"beginner" | "club" | "expert" | "master" | "novice"} Level */

/** @typedef {"best" | "blunder" | "good" | "inaccuracy" | "mistake"} MoveQuality */

/** @typedef {"black" | "random" | "white"} ColourChoice */

/** @typedef {"block" | "follow"} Relation */

/** @typedef {"everyone" | "following" | "nobody"} AcceptFrom */

/** @typedef {"casual" | "generic" | "later" | "rated" | "time_control" | "too_fast" | "too_slow" | "variant"} DeclineReason */

/** @typedef {"accepted" | "challenger" | "declined" | "waiting"} SeatAnswer */

/**
 * @typedef {{ captures: Coord[], kind: MoveKind, notation: string, path: Coord[], steps: Step[] }} NamedMove
 */

/**
 * @typedef {{ file: number, name: Coord, rank: number }} SquareView
 */

/**
 * @typedef {{ castle: Coord[], seat: SeatColour, side: number }} SeatPlace
 */

/**
 * @typedef {{ bridges?: Coord[], files: number, id: Variant, name: string, ranks: number, seats: SeatPlace[], squares: SquareView[], water?: Coord[] }} VariantView
 */

/**
 * @typedef {{ kind: PieceKind, seat: SeatColour, square: Coord }} PieceView
 */

/**
 * @typedef {{ knights: number, men: number, seat: SeatColour }} LostView
 */

/**
 * @typedef {{ kind: "plant_tree", left: number }
 *   | { kind: "must_capture", pieces: Coord[] }
 *   | { kind: "pass" }
 *   | { kind: "leave_castle", capturing: boolean, pieces: Coord[] }} ConstraintView
 */

/**
 * @typedef {{ claims?: DrawClaim[], constraint?: ConstraintView, lost: LostView[], pieces: PieceView[], to_move: SeatColour, trees?: Coord[] }} BoardView
 */

/**
 * @typedef {{ kind: "untimed" }
 *   | { kind: "clock", increment: number, minutes: number }
 *   | { kind: "days", days: number }} TimeControl
 */

/**
 * @typedef {{ account?: SeatAccount, away_ms?: number, computer?: Level, connected: boolean, name?: string, open?: boolean, seat: SeatColour }} SeatView
 */

/**
 * @typedef {{ remaining_ms: number[], running?: number }} ClockView
 */

/**
 * @typedef {{ by: SeatColour, kind: OfferKind }} OfferView
 */

/**
 * @typedef {{ end: "decided", reason: EndReason, winner: null | number }
 *   | { end: "aborted" }} GameEnd
 */

/**
 * @typedef {{ board?: BoardView, clocks?: ClockView, id: string, legal?: NamedMove[], may?: ({ asks: Ask[], seat: SeatColour })[], move_due_ms?: number, movers?: SeatColour[], moves: NamedMove[], offers: OfferView[], rated?: boolean, rematch?: string, result?: GameEnd, seats: SeatView[], time: TimeControl, variant: Variant }} GameView
 */

/**
 * @typedef {{ t: "state", accepted?: { by: SeatColour, kind: OfferKind }, game: GameView, v: number, you?: SeatColour }
 *   | { t: "moved", board?: BoardView, clocks?: ClockView, legal?: NamedMove[], may?: ({ asks: Ask[], seat: SeatColour })[], move: NamedMove, move_due_ms?: number, ply: number, seat: SeatColour }
 *   | { t: "ack", id: number, ply: number }
 *   | { t: "rejected", code: ErrorCode, id: number, reason: string }
 *   | { t: "offered", by: SeatColour, kind: OfferKind, may?: ({ asks: Ask[], seat: SeatColour })[] }
 *   | { t: "declined", by: SeatColour, kind: OfferKind, may?: ({ asks: Ask[], seat: SeatColour })[] }
 *   | { t: "ended", accepted?: OfferView, may?: ({ asks: Ask[], seat: SeatColour })[], result: GameEnd }
 *   | { t: "presence", connected: boolean, name?: string, seat: SeatColour }
 *   | { t: "seated", name?: string, seat: SeatColour }
 *   | { t: "rematch", game: string, seat?: SeatColour, token?: string }
 *   | { t: "error", code: ErrorCode, message: string }
 *   | { t: "pong", n: number }
 *   | { t: "signed_out", message: string, why: SessionEnd }} ServerMessage
 */

/**
 * @typedef {{ t: "hello", board?: boolean, game: string, name?: string, token?: string, v: number }
 *   | { t: "move", id: number, move: NamedMove, ply: number }
 *   | { t: "offer", kind: OfferKind }
 *   | { t: "accept", kind: OfferKind }
 *   | { t: "decline", kind: OfferKind }
 *   | { t: "resign" }
 *   | { t: "claim", kind: DrawClaim }
 *   | { t: "abort" }
 *   | { t: "ping", n: number }} ClientMessage
 */

/**
 * @typedef {{ connected: number, id: string, plies: number, rated?: boolean, time: TimeControl, tv?: boolean, variant: Variant }} GameSummary
 */

/**
 * @typedef {{ creator?: SeatAccount, game: string, rated?: boolean, rating_range?: number, seat: SeatColour, time: TimeControl, variant: Variant }} OpenSeat
 */

/**
 * @typedef {{ computer?: ({ level: Level, seat: SeatColour })[], open?: SeatColour[], rated?: boolean, rating_range?: number, time: TimeControl, variant: Variant }} NewGame
 */

/**
 * @typedef {{ computer?: ({ level: Level, seat: SeatColour })[], game: string, open?: SeatColour[], seats: { White: string } }} Created
 */

/**
 * @typedef {{ game: string, name?: string, seat: SeatColour }} TakeSeat
 */

/**
 * @typedef {{ game: string, seat: SeatColour, token: string }} Taken
 */

/**
 * @typedef {{ game: GameView, you?: SeatColour }} GameState
 */

/**
 * @typedef {{ change?: number, name?: string, provisional?: boolean, rating?: number }} SeatAccount
 */

/**
 * @typedef {{ time: TimeControl, variant: Variant }} QuickGame
 */

/**
 * @typedef {{ state: "waiting", range: number, waited_ms: number }
 *   | { state: "paired", game: string, seat: SeatColour }} Pairing
 */

/**
 * @typedef {{ code: ErrorCode, message: string }} ApiError
 */

/**
 * @typedef {{ id: string, tournament?: TvTournament, variant: Variant }} TvGame
 */

/**
 * @typedef {{ id: string, name: string }} TvTournament
 */

/**
 * @typedef {{ in_ms: number, variant: Variant }} TvNext
 */

/**
 * @typedef {{ game?: TvGame, next?: TvNext }} TvNow
 */

/**
 * @typedef {{ device?: string, kind: string, name: string, recovery_codes?: string[], token?: string }} Session
 */

/**
 * @typedef {{ session: null | { kind: string, name: string } }} Here
 */

/**
 * @typedef {{ kind: string, name: string, password: string, rated_with_people?: boolean, token?: boolean }} SignUp
 */

/**
 * @typedef {{ device?: string, name: string, password: string, token?: boolean }} LogIn
 */

/**
 * @typedef {{ new: string, old: string, token?: boolean }} ChangePassword
 */

/**
 * @typedef {{ password: string }} CloseAccount
 */

/**
 * @typedef {{ codes: string[] }} RecoveryCodes
 */

/**
 * @typedef {{ code: string, name: string, new: string, token: boolean }} Recover
 */

/**
 * @typedef {{ deviation: number, games: number, provisional: boolean, rating: number, variant: Variant }} VariantRating
 */

/**
 * @typedef {{ at: number, rating: number, variant: Variant }} RatingPoint
 */

/**
 * @typedef {{ at: number, change?: number, game: string, others: OtherSeat[], rated?: boolean, score?: string, seat: SeatColour, time: TimeControl, variant: Variant }} PlayedGame
 */

/**
 * @typedef {{ account?: { name: string, provisional: boolean, rating: number }, computer?: Level, name?: string, partner?: boolean, seat: SeatColour }} OtherSeat
 */

/**
 * @typedef {{ rated: boolean, result: string, variant: Variant }} GamesFilter
 */

/**
 * @typedef {{ games: PlayedGame[], next?: string }} PlayedGames
 */

/**
 * @typedef {{ games: PlayedGames, history: RatingPoint[], kind: string, name: string, online: boolean, playing: string[], playing_games: never[], ratings: VariantRating[], relation: Relation, seen_at: number, since: number }} PlayerProfile
 */

/**
 * @typedef {{ deviation: number, games: number, name: string, rating: number }} Leader
 */

/**
 * @typedef {{ players: Leader[], variant: Variant }} VariantLeaders
 */

/**
 * @typedef {{ variants: VariantLeaders[] }} Leaders
 */

/**
 * @typedef {{ cp?: number, loss?: number, win?: number }} ScoreView
 */

/**
 * @typedef {{ after: number, before: number, best: null | { captures: Coord[], kind: MoveKind, notation: string, path: Coord[], steps: Step[] }, judgement: null | MoveQuality, line: NamedMove[], played: NamedMove, ply: number, score: ScoreView, seat: SeatColour }} AnalysedPly
 */

/**
 * @typedef {{ state: "queued", ahead: number }
 *   | { state: "running", positions: number, searched: number }
 *   | { state: "done", plies: AnalysedPly[] }} AnalysisView
 */

/**
 * @typedef {{ from: "start", variant: Variant }
 *   | { from: "game", game: string, ply: number }} StudyStart
 */

/**
 * @typedef {{ moves: NamedMove[], start: StudyStart }} Study
 */

/**
 * @typedef {{ board: BoardView, legal: NamedMove[], moves: NamedMove[], over?: GameEnd, variant: Variant }} StudiedPosition
 */

/**
 * @typedef {{ chance: number, moves: NamedMove[], score: ScoreView }} StudyLine
 */

/**
 * @typedef {{ state: "queued", ahead: number }
 *   | { state: "running" }
 *   | { state: "done", depth: number, lines: StudyLine[] }} LinesView
 */

/**
 * @typedef {{ against?: string[], colour: ColourChoice, rated: boolean, time: TimeControl, to: string, variant: Variant }} NewChallenge
 */

/**
 * @typedef {{ challenge: string }} ChallengeMade
 */

/**
 * @typedef {{ state: "open", colour: ColourChoice, expires_at: number, from: string, id: string, provisional: boolean, rated: boolean, rating: number, seats?: ChallengeSeat[], time: TimeControl, to: string, variant: Variant }
 *   | { state: "accepted", colour: ColourChoice, expires_at: number, from: string, game: string, id: string, provisional: boolean, rated: boolean, rating: number, seat: SeatColour, seats?: ChallengeSeat[], time: TimeControl, to: string, variant: Variant }
 *   | { state: "declined", colour: ColourChoice, expires_at: number, from: string, id: string, provisional: boolean, rated: boolean, rating: number, reason: DeclineReason, seats?: ChallengeSeat[], time: TimeControl, to: string, variant: Variant }
 *   | { state: "cancelled", colour: ColourChoice, expires_at: number, from: string, id: string, provisional: boolean, rated: boolean, rating: number, seats?: ChallengeSeat[], time: TimeControl, to: string, variant: Variant }
 *   | { state: "expired", colour: ColourChoice, expires_at: number, from: string, id: string, provisional: boolean, rated: boolean, rating: number, seats?: ChallengeSeat[], time: TimeControl, to: string, variant: Variant }} ChallengeView
 */

/**
 * @typedef {{ incoming: ChallengeView[], outgoing: ChallengeView[], seen: number }} ChallengeList
 */

/**
 * @typedef {TakeSeat} ChallengeGame
 */

/**
 * @typedef {{ answer: SeatAnswer, name: string, seat: SeatColour }} ChallengeSeat
 */

/**
 * @typedef {{ game?: string, seat?: SeatColour, waiting_for?: string[] }} Acceptance
 */

/**
 * @typedef {{ id: string, reason: DeclineReason }} DeclineChallenge
 */

/**
 * @typedef {{ t: "challenges", incoming: ChallengeView[], outgoing: never[], seen: number }
 *   | { t: "pong", n: number }
 *   | { t: "signed_out", message: string, why: SessionEnd }
 *   | { t: "error", code: ErrorCode, message: string }} SiteServerMessage
 */

/**
 * @typedef {{ t: "ping", n: number }} SiteClientMessage
 */

/**
 * @typedef {{ name: string, rating: number, time: TimeControl, variant: Variant, waited_ms: number }} WaitingPlayer
 */

/**
 * @typedef {{ online: number, players: string[], waiting: WaitingPlayer[] }} Around
 */

/**
 * @typedef {{ name: string, relation: null | Relation }} SetRelation
 */

/**
 * @typedef {{ players: ({ name: string, online: boolean, playing: string[] })[] }} Following
 */

/**
 * @typedef {{ accept: AcceptFrom }} ChallengeChoice
 */

/**
 * @typedef {{ accept: AcceptFrom }} SetChallengeChoice
 */

/**
 * @typedef {{ casual: boolean, kind: string, max_players: null | number, minutes: null | number, name: string, programs: boolean, rounds: null | number, starts_at: null | number, time: TimeControl, variant: Variant }} NewTournament
 */

/**
 * @typedef {{ tournament: string }} TournamentMade
 */

/**
 * @typedef {{ creator: null | string, ends_at: null | number, id: string, kind: string, max_players: number, minutes: number, name: string, players: number, programs: boolean, rated: boolean, round: number, rounds: number, starts_at: number, state: string, time: TimeControl, variant: Variant }} TournamentView
 */

/**
 * @typedef {{ finished: never[], running: TournamentView[], soon: TournamentView[] }} TournamentList
 */

/**
 * @typedef {{ buchholz: null | number, draws: number, fire: boolean, games: number, losses: number, name: string, paused: boolean, playing: null | string, points: number, rank: number, rating: number, sonneborn_berger: null | number, wins: number, withdrawn: boolean }} Standing
 */

/**
 * @typedef {{ black: string, ended_at: null | number, game: string, partners?: string[], points: null | number[], round: number, score: null | string, started_at: number, white: string }} TournamentGame
 */

/**
 * @typedef {{ name: string, round: number }} Bye
 */

/**
 * @typedef {{ game: string, seat: SeatColour }} TournamentSeat
 */

/**
 * @typedef {{ game: null | { game: string, seat: SeatColour }, paused: boolean, withdrawn: boolean }} MyPlace
 */

/**
 * @typedef {{ byes: Bye[], games: TournamentGame[], me: null | { game: TournamentSeat, paused: boolean, withdrawn: boolean }, standings: Standing[], tournament: TournamentView }} TournamentPage
 */

/**
 * @typedef {{ id: string, paused: boolean }} PauseInTournament
 */

/**
 * @typedef {{ game: null | { game: string, seat: SeatColour }, paused?: boolean, state: string }} MyNext
 */
