// Command corpusgen writes a synthetic corpus (package corpus) for
// measuring by hand:
//
//	go run ./cmd/sitegen/internal/testing/corpus/corpusgen -pages 5000 -per 500 DIR
package main

import (
	"flag"
	"fmt"
	"os"

	"d6codex/cmd/sitegen/internal/testing/corpus"
)

func main() {
	pages := flag.Int("pages", 2000, "pages")
	per := flag.Int("per", corpus.PerSection, "pages per section")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: corpusgen [-pages N] [-per N] [-seed N] DIR")
		os.Exit(2)
	}
	if err := corpus.GenerateSections(flag.Arg(0), *pages, *per, *seed); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
