//! Mipmaps made on the CPU for the textures the game makes or loads: the board's woods
//! and the coordinates' lettering, drawn smoothly at a slant and far away.

use bevy::prelude::*;

/// Appends each halving of an 8-bit RGBA image (a 2x2 box filter) to its data.
pub fn build_mipmaps(image: &mut Image) {
    use bevy::render::render_resource::TextureFormat;
    let d = &image.texture_descriptor;
    let rgba8 = matches!(
        d.format,
        TextureFormat::Rgba8Unorm | TextureFormat::Rgba8UnormSrgb
    );
    if d.mip_level_count > 1 || d.size.depth_or_array_layers != 1 || !rgba8 {
        return;
    }
    let Some(base) = image.data.clone() else {
        return;
    };
    let (mut w, mut h) = (d.size.width as usize, d.size.height as usize);
    if base.len() != w * h * 4 {
        return;
    }
    let mut all = base.clone();
    let mut level = base;
    let mut count = 1;
    while w > 1 || h > 1 {
        let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
        let mut next = vec![0u8; nw * nh * 4];
        for y in 0..nh {
            for x in 0..nw {
                for c in 0..4 {
                    let at = |xx: usize, yy: usize| {
                        level[((yy.min(h - 1)) * w + xx.min(w - 1)) * 4 + c] as u32
                    };
                    let sum = at(2 * x, 2 * y)
                        + at(2 * x + 1, 2 * y)
                        + at(2 * x, 2 * y + 1)
                        + at(2 * x + 1, 2 * y + 1);
                    next[(y * nw + x) * 4 + c] = ((sum + 2) / 4) as u8;
                }
            }
        }
        all.extend_from_slice(&next);
        level = next;
        (w, h) = (nw, nh);
        count += 1;
    }
    image.data = Some(all);
    image.texture_descriptor.mip_level_count = count;
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::asset::RenderAssetUsages;
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

    #[test]
    fn mipmaps_halve_to_one_pixel_and_average_each_block() {
        // A 4x2 image: left half black, right half white.
        let mut data = Vec::new();
        for _ in 0..2 {
            for x in 0..4 {
                let v = if x < 2 { 0 } else { 255 };
                data.extend_from_slice(&[v, v, v, 255]);
            }
        }
        let mut image = Image::new(
            Extent3d {
                width: 4,
                height: 2,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            data,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::default(),
        );
        build_mipmaps(&mut image);
        // 4x2, 2x1, 1x1.
        assert_eq!(image.texture_descriptor.mip_level_count, 3);
        let all = image.data.as_ref().unwrap();
        assert_eq!(all.len(), (8 + 2 + 1) * 4);
        assert_eq!(&all[32..40], &[0, 0, 0, 255, 255, 255, 255, 255]);
        assert_eq!(&all[40..44], &[128, 128, 128, 255]);
        // A second call leaves an image that already has its chain alone.
        build_mipmaps(&mut image);
        assert_eq!(image.data.as_ref().unwrap().len(), 44);
    }
}
