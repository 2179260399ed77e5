//! A picture being made: RGB values in [0, 1], written as 8-bit PNG.

use std::path::Path;

pub struct Picture {
    pub width: usize,
    pub height: usize,
    px: Vec<[f32; 3]>,
}

impl Picture {
    pub fn new(width: usize, height: usize) -> Picture {
        Picture {
            width,
            height,
            px: vec![[0.0; 3]; width * height],
        }
    }

    pub fn set(&mut self, x: usize, y: usize, c: [f32; 3]) {
        self.px[y * self.width + x] = c;
    }

    pub fn mean(&self) -> [f32; 3] {
        let n = self.px.len() as f32;
        let mut m = [0.0; 3];
        for p in &self.px {
            for c in 0..3 {
                m[c] += p[c] / n;
            }
        }
        m
    }

    /// Scales each channel so the picture's mean is `target`.
    pub fn scale_to_mean(mut self, target: [f32; 3]) -> Picture {
        let m = self.mean();
        for p in &mut self.px {
            for c in 0..3 {
                p[c] = (p[c] * target[c] / m[c].max(1e-6)).clamp(0.0, 1.0);
            }
        }
        self
    }

    /// Stacks pictures of the same width one under the other (a cube map's six faces).
    pub fn stack(parts: Vec<Picture>) -> Picture {
        let width = parts[0].width;
        let mut out = Picture::new(width, parts.iter().map(|p| p.height).sum());
        out.px = parts.into_iter().flat_map(|p| p.px).collect();
        out
    }

    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let bytes: Vec<u8> = self
            .px
            .iter()
            .flat_map(|p| p.map(|c| (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8))
            .collect();
        write_png(path, self.width, self.height, png::ColorType::Rgb, &bytes)
    }
}

pub fn write_png(
    path: &Path,
    width: usize,
    height: usize,
    color: png::ColorType,
    bytes: &[u8],
) -> std::io::Result<()> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut enc = png::Encoder::new(file, width as u32, height as u32);
    enc.set_color(color);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::High);
    let mut w = enc.write_header().map_err(std::io::Error::other)?;
    w.write_image_data(bytes).map_err(std::io::Error::other)?;
    w.finish().map_err(std::io::Error::other)
}
