//! `cargo bench -p camelot-engine --bench perft`: perft from the Camelot start (bulk
//! counting at the last ply), reported as leaf nodes per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use camelot_engine::{Position, Variant};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth, nodes) in [
        (Variant::Camelot, 3, 1_070_822u64),
        (Variant::Camelot, 4, 111_509_838),
        (Variant::GrandCam, 4, 0),
    ] {
        let pos = Position::start(variant);
        let nodes = if nodes == 0 {
            pos.perft(depth).unwrap()
        } else {
            nodes
        };
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{variant}/depth{depth}"), |b| {
            b.iter(|| pos.perft(depth).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
