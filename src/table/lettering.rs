//! The board's lettering: the coordinates set in a real typeface (DejaVu Serif Bold, in
//! `assets/fonts/` with its licence), rasterised once at start-up into one atlas with a
//! full chain of mipmaps, so that a label at the far end of the board is drawn from a
//! smaller picture of itself instead of being sampled to pieces. Each label (`A`, `16`)
//! has a cell of its own, its ink centred in it, and is shown by a quad just larger than
//! its ink.

use std::sync::OnceLock;

use bevy::prelude::*;
use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};

/// The typeface's file, compiled in.
pub const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSerif-Bold.ttf");

/// A capital's height on the board, in squares.
pub const CAP_HEIGHT: f32 = 0.42;
/// A cell's size in the atlas, in pixels.
const CELL: UVec2 = UVec2::new(256, 128);
/// A capital's height in the atlas, in pixels.
const CAP_PIXELS: f32 = 76.0;
const COLUMNS: u32 = 8;
/// Sub-scanlines a pixel row is sampled at.
const SUBSAMPLES: u32 = 5;
/// Straight pieces a curve is drawn with.
const CURVE_STEPS: u32 = 10;

/// One label in the atlas.
#[derive(Clone, Debug)]
pub struct Cell {
    pub text: String,
    /// The ink's box on the board, in squares, from the label's centre: x along the
    /// text, y up the text (min, max).
    pub ink: [Vec2; 2],
    /// The quad that shows it: the ink's box and a margin for its soft edge (smaller
    /// pictures spread it), half its size on the board, in squares.
    pub quad_half: Vec2,
    /// The quad's corners in the atlas, as texture coordinates: top left, bottom right.
    pub uv: [Vec2; 2],
}

/// The margin around a label's ink that its quad shows, in the atlas's pixels. Only the
/// quads are shaded: a whole cell each would shade four times the frame for nothing.
const MARGIN: f32 = 8.0;

/// Every label's picture: the atlas's size, its pixels (RGBA, white with the ink's
/// coverage as alpha), and the cells.
pub struct Atlas {
    pub size: UVec2,
    pub pixels: Vec<u8>,
    pub cells: Vec<Cell>,
}

impl Atlas {
    pub fn cell(&self, text: &str) -> Option<&Cell> {
        self.cells.iter().find(|c| c.text == text)
    }

    /// The atlas as an image with its mipmaps, sampled smoothly at a slant.
    pub fn image(&self) -> Image {
        use bevy::asset::RenderAssetUsages;
        use bevy::image::{ImageSampler, ImageSamplerDescriptor};
        use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
        let mut image = Image::new_uninit(
            Extent3d {
                width: self.size.x,
                height: self.size.y,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::RENDER_WORLD,
        );
        image.data = Some(self.pixels.clone());
        super::mipmaps::build_mipmaps(&mut image);
        image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
            anisotropy_clamp: 16,
            ..ImageSamplerDescriptor::linear()
        });
        image
    }
}

/// The labels every board writes: files A to M, ranks 1 to 16.
fn texts() -> Vec<String> {
    let files = (b'A'..=b'M').map(|c| (c as char).to_string());
    files.chain((1..=16).map(|n| n.to_string())).collect()
}

/// Starts making the atlas on a thread of its own, so that it is ready (or nearly) by
/// the time the table first needs it, instead of holding up the window's first frame.
pub(crate) fn plugin(_app: &mut App) {
    std::thread::spawn(|| {
        atlas();
    });
}

static ATLAS: OnceLock<Atlas> = OnceLock::new();

/// The atlas, made on first use (a caller while it is being made waits for it).
pub fn atlas() -> &'static Atlas {
    ATLAS.get_or_init(|| make_atlas(&texts()))
}

/// The atlas if it is made, without waiting: for a frame that must not wait.
pub fn ready() -> Option<&'static Atlas> {
    ATLAS.get()
}

fn make_atlas(texts: &[String]) -> Atlas {
    let font = FontRef::new(FONT).expect("the compiled-in font reads");
    let rows = (texts.len() as u32).div_ceil(COLUMNS);
    let size = UVec2::new(CELL.x * COLUMNS, CELL.y * rows);
    let mut alpha = vec![0f32; (size.x * size.y) as usize];
    let ppem = CAP_PIXELS / cap_height_per_em(&font);
    let mut cells = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let corner = UVec2::new(i as u32 % COLUMNS, i as u32 / COLUMNS) * CELL;
        let mut path = outline(&font, text, ppem);
        let (lo, hi) = path.bounds();
        // The ink's centre at the cell's centre, on whole pixels' quarters.
        let shift = corner.as_vec2() + CELL.as_vec2() / 2.0 - (lo + hi) / 2.0;
        path.translate(shift);
        fill(&path, &mut alpha, size, corner, CELL);
        let to_board = CAP_HEIGHT / CAP_PIXELS;
        let half = (hi - lo) / 2.0;
        let quad_half = (half + Vec2::splat(MARGIN))
            .ceil()
            .min(CELL.as_vec2() / 2.0);
        let centre = corner.as_vec2() + CELL.as_vec2() / 2.0;
        cells.push(Cell {
            text: text.clone(),
            ink: [-half * to_board, half * to_board],
            quad_half: quad_half * to_board,
            uv: [
                (centre - quad_half) / size.as_vec2(),
                (centre + quad_half) / size.as_vec2(),
            ],
        });
    }
    Atlas {
        size,
        pixels: alpha
            .iter()
            .flat_map(|v| [255, 255, 255, (v.clamp(0.0, 1.0) * 255.0).round() as u8])
            .collect(),
        cells,
    }
}

/// A capital H's height as a fraction of the em.
fn cap_height_per_em(font: &FontRef) -> f32 {
    let (lo, hi) = outline(font, "H", 1000.0).bounds();
    (hi.y - lo.y) / 1000.0
}

/// Straight edges, in pixels, y down.
#[derive(Default)]
struct Path {
    edges: Vec<(Vec2, Vec2)>,
    start: Vec2,
    at: Vec2,
    /// Where the next glyph's origin is (x), and the baseline (y).
    origin: Vec2,
}

impl Path {
    fn point(&self, x: f32, y: f32) -> Vec2 {
        // Font units are y up; the image's rows go down.
        self.origin + Vec2::new(x, -y)
    }

    fn edge(&mut self, to: Vec2) {
        if to != self.at {
            self.edges.push((self.at, to));
        }
        self.at = to;
    }

    fn bounds(&self) -> (Vec2, Vec2) {
        let mut lo = Vec2::MAX;
        let mut hi = Vec2::MIN;
        for &(a, b) in &self.edges {
            lo = lo.min(a).min(b);
            hi = hi.max(a).max(b);
        }
        (lo, hi)
    }

    fn translate(&mut self, by: Vec2) {
        for (a, b) in &mut self.edges {
            *a += by;
            *b += by;
        }
    }
}

impl OutlinePen for Path {
    fn move_to(&mut self, x: f32, y: f32) {
        self.start = self.point(x, y);
        self.at = self.start;
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let to = self.point(x, y);
        self.edge(to);
    }

    fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32) {
        let (p0, p1, p2) = (self.at, self.point(cx, cy), self.point(x, y));
        for k in 1..=CURVE_STEPS {
            let t = k as f32 / CURVE_STEPS as f32;
            let u = 1.0 - t;
            self.edge(p0 * u * u + p1 * 2.0 * u * t + p2 * t * t);
        }
    }

    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        let p = [
            self.at,
            self.point(cx0, cy0),
            self.point(cx1, cy1),
            self.point(x, y),
        ];
        for k in 1..=CURVE_STEPS {
            let t = k as f32 / CURVE_STEPS as f32;
            let u = 1.0 - t;
            self.edge(
                p[0] * u * u * u
                    + p[1] * 3.0 * u * u * t
                    + p[2] * 3.0 * u * t * t
                    + p[3] * t * t * t,
            );
        }
    }

    fn close(&mut self) {
        let start = self.start;
        self.edge(start);
    }
}

/// A text's outline at `ppem` pixels to the em, its first glyph's origin at (0, 0).
fn outline(font: &FontRef, text: &str, ppem: f32) -> Path {
    let size = Size::new(ppem);
    let glyphs = font.outline_glyphs();
    let metrics = font.glyph_metrics(size, LocationRef::default());
    let charmap = font.charmap();
    let mut path = Path::default();
    for c in text.chars() {
        let Some(id) = charmap.map(c) else { continue };
        if let Some(glyph) = glyphs.get(id) {
            // A glyph the font cannot draw leaves a gap, not a failure.
            let _ = glyph.draw(
                DrawSettings::unhinted(size, LocationRef::default()),
                &mut path,
            );
        }
        path.origin.x += metrics.advance_width(id).unwrap_or(ppem * 0.6);
    }
    path
}

/// Adds a path's coverage (non-zero winding) inside one cell of the image: each pixel row
/// sampled on `SUBSAMPLES` lines, each span's ends shared out by the length they cover.
fn fill(path: &Path, alpha: &mut [f32], size: UVec2, corner: UVec2, cell: UVec2) {
    let mut crossings: Vec<(f32, i32)> = Vec::new();
    // Only the rows the ink reaches.
    let (lo, hi) = path.bounds();
    let first = (lo.y.floor().max(corner.y as f32) as u32).min(corner.y + cell.y);
    let last = (hi.y.ceil().max(0.0) as u32).clamp(first, corner.y + cell.y);
    for row in first..last {
        for s in 0..SUBSAMPLES {
            let y = row as f32 + (s as f32 + 0.5) / SUBSAMPLES as f32;
            crossings.clear();
            for &(a, b) in &path.edges {
                let (top, bottom, dir) = if a.y < b.y { (a, b, 1) } else { (b, a, -1) };
                if y < top.y || y >= bottom.y {
                    continue;
                }
                let t = (y - top.y) / (bottom.y - top.y);
                crossings.push((top.x + t * (bottom.x - top.x), dir));
            }
            crossings.sort_by(|p, q| p.0.total_cmp(&q.0));
            let mut winding = 0;
            for pair in crossings.windows(2) {
                winding += pair[0].1;
                if winding != 0 {
                    let lo = pair[0].0.max(corner.x as f32);
                    let hi = pair[1].0.min((corner.x + cell.x) as f32);
                    cover(alpha, size, row, lo, hi, 1.0 / SUBSAMPLES as f32);
                }
            }
        }
    }
}

/// Adds `weight` times the length of [lo, hi) inside each pixel of a row.
fn cover(alpha: &mut [f32], size: UVec2, row: u32, lo: f32, hi: f32, weight: f32) {
    if hi <= lo {
        return;
    }
    let first = lo.floor() as u32;
    let last = (hi.ceil() as u32).min(size.x);
    for x in first..last {
        let overlap = (hi.min(x as f32 + 1.0) - lo.max(x as f32)).max(0.0);
        alpha[(row * size.x + x) as usize] += overlap * weight;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The share of a quad's pixels with ink, at level 0.
    fn inked(atlas: &Atlas, text: &str) -> f32 {
        let c = atlas.cell(text).unwrap();
        let lo = (c.uv[0] * atlas.size.as_vec2()).as_uvec2();
        let hi = (c.uv[1] * atlas.size.as_vec2()).as_uvec2();
        let mut ink = 0.0;
        for y in lo.y..hi.y {
            for x in lo.x..hi.x {
                ink += atlas.pixels[((y * atlas.size.x + x) * 4 + 3) as usize] as f32 / 255.0;
            }
        }
        ink / ((hi.x - lo.x) * (hi.y - lo.y)) as f32
    }

    #[test]
    fn every_label_is_drawn_with_its_capital_height_and_mipmaps_to_a_pixel() {
        let a = atlas();
        assert_eq!(a.cells.len(), 13 + 16);
        for c in &a.cells {
            let share = inked(a, &c.text);
            assert!(share > 0.15 && share < 0.8, "{}: {share}", c.text);
            let height = c.ink[1].y - c.ink[0].y;
            // Capitals and figures stand a capital high (a round a little over), and
            // this typeface's J goes below the line.
            let tall = if c.text == "J" { 1.35 } else { 1.03 };
            assert!(
                height > 0.97 * CAP_HEIGHT && height < tall * CAP_HEIGHT + 0.01,
                "{}: {height}",
                c.text
            );
            // The quad holds the ink and its margin.
            assert!(c.ink[1].cmplt(c.quad_half).all(), "{}", c.text);
        }
        // "16" is wider than "1".
        let w = |t: &str| {
            let c = a.cell(t).unwrap();
            c.ink[1].x - c.ink[0].x
        };
        assert!(w("16") > 1.6 * w("1"));
        // Mipmapped down to a pixel, the smallest levels keeping the ink's average: not
        // lost, not doubled.
        let image = a.image();
        let d = &image.texture_descriptor;
        assert_eq!(d.mip_level_count, a.size.max_element().ilog2() + 1);
        let data = image.data.as_ref().unwrap();
        let level_start = |n: u32| -> usize {
            (0..n)
                .map(|l| ((a.size.x >> l).max(1) * (a.size.y >> l).max(1) * 4) as usize)
                .sum()
        };
        assert_eq!(data.len(), level_start(d.mip_level_count));
        let mean = |level: &[u8]| {
            level.chunks(4).map(|p| p[3] as f32).sum::<f32>() / (level.len() / 4) as f32
        };
        let six = &data[level_start(6)..level_start(7)];
        let (top, small) = (mean(&a.pixels), mean(six));
        assert!((top - small).abs() < 1.0, "{top} {small}");
    }

    #[test]
    fn a_hole_stays_a_hole() {
        // The middle of an O is empty, its ring is inked: non-zero winding.
        let font = FontRef::new(FONT).unwrap();
        let mut path = outline(&font, "O", 200.0);
        let (lo, hi) = path.bounds();
        path.translate(Vec2::splat(10.0) - lo);
        let size = UVec2::new(256, 256);
        let mut alpha = vec![0f32; 256 * 256];
        fill(&path, &mut alpha, size, UVec2::ZERO, size);
        let centre = (Vec2::splat(10.0) + (hi - lo) / 2.0).as_uvec2();
        assert!(alpha[(centre.y * 256 + centre.x) as usize] < 0.01);
        let ring = UVec2::new(centre.x, 10 + 5);
        assert!(alpha[(ring.y * 256 + ring.x) as usize] > 0.99);
    }
}
