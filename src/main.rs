//! The `solder` binary: everything it does is in the library (`solder::cli`), where the
//! tests reach it.

fn main() -> std::process::ExitCode {
    solder::cli::main()
}
