use camelot_engine::*;
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    match record::import(&text) {
        Ok((_, g)) => {
            println!("{}\n{:?}", g.position(), g.outcome());
            println!("{}", record::export(&g, &[], notation::Style::Wcf));
            println!("{}", record::export(&g, &[], notation::Style::Classic));
        }
        Err(e) => println!("ERR {e}"),
    }
}
