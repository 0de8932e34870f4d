package markup

import (
	"sync"
	"testing"
)

// TestConcurrentParsers uses one Markdown from several goroutines at
// once, as a build's workers do: its parsers share goldmark's block
// parsers, whose options goldmark writes at a parser's first Parse. Under
// `go test -race` (make test runs this test so) a parser first used on a
// worker while another parser reads those block parsers is a data race;
// New makes every parser's first Parse itself.
func TestConcurrentParsers(t *testing.T) {
	md := New(Options{Obsidian: true})
	src := []byte("# Wild *Die*\n\nText with a [[link]].\n\n## Second {#second}\n\n> [!note] A callout\n> body\n")
	var wg sync.WaitGroup
	titles := make([]string, 8)
	for i := range titles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			doc, _ := md.Outline(src)
			title, _ := md.H1Title(doc, src)
			titles[i] = title
			md.Parse(src, &Page{})
		}()
	}
	wg.Wait()
	for i, title := range titles {
		if title != "Wild Die" {
			t.Errorf("goroutine %d: title %q, want %q", i, title, "Wild Die")
		}
	}
}
