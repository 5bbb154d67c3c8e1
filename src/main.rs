fn main() {
    eprintln!("solder: not yet wired up");
    std::process::exit(2);
}
