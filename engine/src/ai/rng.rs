//! A small seeded generator (xorshift64*), so that AI play, and the openings of matches
//! between AIs, are reproducible.

#[derive(Clone, Debug)]
pub struct SeededRng(u64);

impl SeededRng {
    pub fn new(seed: u64) -> SeededRng {
        // Never zero; spread nearby seeds apart.
        SeededRng((seed ^ 0x9E37_79B9_7F4A_7C15).wrapping_mul(0xD1B5_4A32_D192_ED03) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Uniform in `-r..=r`.
    pub fn spread(&mut self, r: i32) -> i32 {
        if r <= 0 {
            0
        } else {
            self.below(2 * r as usize + 1) as i32 - r
        }
    }
}
