// Command linkcheck checks a built site (see package linkcheck) and prints
// its report: pages, pages without exactly one <h1>, broken internal links.
//
//	go run ./cmd/sitegen/internal/testing/linkcheck/cmd [-base /] [-show 20] DIR
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"

	"d6codex/cmd/sitegen/internal/testing/linkcheck"
)

func main() {
	base := flag.String("base", "/", "the base path the site is published under")
	show := flag.Int("show", 20, "problems to list of each kind")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: linkcheck [-base /] [-show 20] DIR")
		os.Exit(2)
	}
	r, err := linkcheck.Check(flag.Arg(0), *base)
	if err != nil {
		fmt.Fprintln(os.Stderr, "linkcheck:", err)
		os.Exit(1)
	}
	fmt.Printf("%d pages, %d without exactly one <h1>, %d broken internal links\n", r.Pages, len(r.BadH1), len(r.Broken))
	var bad []string
	for p, n := range r.BadH1 {
		bad = append(bad, fmt.Sprintf("%s: %d <h1>", p, n))
	}
	slices.Sort(bad)
	for _, l := range append(bad[:min(*show, len(bad))], r.Broken[:min(*show, len(r.Broken))]...) {
		fmt.Println("  " + l)
	}
	if len(r.BadH1)+len(r.Broken) > 0 {
		os.Exit(1)
	}
}
