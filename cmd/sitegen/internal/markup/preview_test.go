package markup

import (
	"bytes"
	"strings"
	"testing"
)

// TestRenderBlocks checks that rendering a page block by block gives the
// HTML Render gives, each block starting where RenderBlocks says.
func TestRenderBlocks(t *testing.T) {
	md := New(Options{Obsidian: true, Handlers: map[string]BlockHandler{"calc": BlockHandlerFunc(func(*Block) (string, error) { return "<form>calc</form>", nil })}})
	src := []byte("Intro with a footnote.[^1]\n\n## Rules\n\n- a\n- b\n\n> [!note] N\n> x\n\n```calc x\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[^1]: The note.\n")
	doc, _ := md.Parse(src, &Page{})
	var whole bytes.Buffer
	if err := md.Render(&whole, src, doc); err != nil {
		t.Fatal(err)
	}
	doc, _ = md.Parse(src, &Page{})
	var parts bytes.Buffer
	starts, err := md.RenderBlocks(&parts, src, doc)
	if err != nil {
		t.Fatal(err)
	}
	if parts.String() != whole.String() {
		t.Errorf("block by block:\n%s\nwhole:\n%s", parts.String(), whole.String())
	}
	i := 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		var one bytes.Buffer
		if err := md.Render(&one, src, c); err != nil {
			t.Fatal(err)
		}
		if got := parts.String()[starts[i]:starts[i+1]]; got != one.String() {
			t.Errorf("block %d at %d: %q, want %q", i, starts[i], got, one.String())
		}
		i++
	}
	if len(starts) != i+1 || starts[i] != parts.Len() {
		t.Errorf("starts %v for %d blocks of %d bytes", starts, i, parts.Len())
	}
}

// TestPreviews cuts each kind of preview from a page: its top, a section
// (to the next heading of its level, subsections included), a block with
// an id, ids inside blocks (a list item, a definition term, a heading in
// a callout), leaving calculators out and a block too big as its text.
func TestPreviews(t *testing.T) {
	md := New(Options{Obsidian: true, Dialects: Dialects{TermIDs: true}, Handlers: map[string]BlockHandler{"calc": BlockHandlerFunc(func(*Block) (string, error) { return `<form class="calc">CALC</form>`, nil })}})
	big := strings.Repeat("| long | row of a big table |\n", 400)
	src := "Top text.\n\n```calc x\n```\n\nMore top.\n\n## Combat\n\nCombat text.\n\n### Cover\n\nCover text.\n\n## Magic\n\nMagic text.\n\n" +
		"A block of its own. ^blk\n\n- one\n- two ^item\n\n> [!info] Box\n> ### Inside\n> Inside text.\n\nTerm\n: Its definition.\n\n## Tables\n\n| a | b |\n|---|---|\n" + big
	doc, _ := md.Parse([]byte(src), &Page{})
	var b bytes.Buffer
	starts, err := md.RenderBlocks(&b, []byte(src), doc)
	if err != nil {
		t.Fatal(err)
	}
	x := md.PreviewIndex(doc, []byte(src), starts)
	html := b.String()
	tests := []struct {
		id, heading string
		has, not    []string
	}{
		{"", "", []string{"<p>Top text.</p>", "<p>More top.</p>"}, []string{"CALC", "Combat"}},
		{"combat", "Combat", []string{"<p>Combat text.</p>", "Cover", "<p>Cover text.</p>"}, []string{"Magic"}},
		{"cover", "Cover", []string{"<p>Cover text.</p>"}, []string{"Magic", "Combat text"}},
		{"^blk", "", []string{"A block of its own."}, []string{"Magic text"}},
		{"^item", "", []string{"<ul>", "two"}, []string{"one"}},
		{"inside", "Inside", []string{"Inside text."}, []string{"Box"}},
		{"term", "Term", []string{"<dl>", "Its definition."}, nil},
		{"tables", "Tables", []string{"<p>a b long row of a big table", " …</p>"}, []string{"<table", "<td"}},
	}
	for _, tt := range tests {
		p, ok := x.Preview(html, tt.id)
		if !ok {
			t.Errorf("no preview of %q", tt.id)
			continue
		}
		if p.Heading != tt.heading {
			t.Errorf("preview of %q headed %q, want %q", tt.id, p.Heading, tt.heading)
		}
		for _, h := range tt.has {
			if !strings.Contains(p.HTML, h) {
				t.Errorf("preview of %q: %q lacks %q", tt.id, p.HTML, h)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(p.HTML, n) {
				t.Errorf("preview of %q: %q holds %q", tt.id, p.HTML, n)
			}
		}
		if len(p.HTML) > PreviewBudget+previewBlockMax {
			t.Errorf("preview of %q is %d bytes", tt.id, len(p.HTML))
		}
	}
	if _, ok := x.Preview(html, "nowhere"); ok {
		t.Error("a preview of an id the page does not have")
	}
}
