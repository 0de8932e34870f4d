package callout_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"

	"d6codex/cmd/sitegen/internal/markup/callout"
)

const (
	itsCallouts = "https://github.com/SlRvb/Obsidian--ITS-Theme/blob/main/Guide/Callouts.md"
	itsImages   = "https://github.com/SlRvb/Obsidian--ITS-Theme/blob/main/Guide/Image-Positions.md"
	quartz1110  = "https://github.com/jackyzha0/quartz/issues/1110"
)

// TestMetadata checks that a callout's metadata (after "|") is read where
// it means something sitegen can do, dropped otherwise, and never shown:
// not in the title, not as a blockquote's text.
func TestMetadata(t *testing.T) {
	tests := []struct {
		rule, url string
		src       string
		want, not []string
	}{
		{"vanilla Obsidian without plugins/themes does not implement this (metadata): it is dropped, the callout stays one", quartz1110,
			"> [!cards|dataview]\n> - [[a]]\n",
			[]string{`<div class="callout callout-note" role="note">` + "\n" + `<p class="callout-title">Cards</p>`}, []string{"dataview", "[!", "|", "<blockquote"}},
		{"`> [!callout-type|adjustment adjustment2]`: words separated by spaces, with a fold and a title", itsCallouts,
			"> [!tip|right wsmall]- Side note\n> Body.\n",
			[]string{`<details class="callout callout-tip callout-right callout-w" style="--callout-w:200px"><summary class="callout-title">Side note</summary>`}, []string{"wsmall", "|"}},
		{"`left` will move the image to the left (callouts use the same parameters as images for moving it)", itsImages,
			"> [!note|left] T\n> x\n",
			[]string{`class="callout callout-note callout-left"`}, nil},
		{"`locr` (customizable version) moves it right, `ctr` to the center", itsImages,
			"> [!note|locr] T\n> x\n\n> [!note|ctr] U\n> x\n",
			[]string{`class="callout callout-note callout-right"`, `class="callout callout-note callout-center"`}, nil},
		{"Sizing: `wtiny` 100px ... `wtall` 700px in width, `wfull`", itsImages,
			"> [!note|wtiny] a\n> x\n\n> [!note|wm-tl] b\n> x\n\n> [!note|wfull] c\n> x\n",
			[]string{`class="callout callout-note callout-w" style="--callout-w:100px" role="note"`, `style="--callout-w:600px"`, `style="--callout-w:100%"`}, nil},
		{"`no-t` | `no-title` | Hides callout title", itsCallouts,
			"> [!info|no-title] Gone\n> Body.\n\n> [!info|no-t]\n> Also.\n",
			[]string{`<div class="callout callout-info" role="note">` + "\n<p>Body.</p>", `<div class="callout callout-info" role="note">` + "\n<p>Also.</p>"}, []string{"Gone", "callout-title"}},
		{"a collapsible callout keeps its title (its summary), no-title or not", itsCallouts,
			"> [!info|no-t]- Shown\n> Body.\n",
			[]string{`<summary class="callout-title">Shown</summary>`}, nil},
		{"`[!infobox]` | Wikipedia-like infoboxes (beside the text, right unless `[!infobox|left]`)", itsCallouts,
			"> [!infobox]\n> # Name\n\n> [!infobox|left]+\n> # Name\n",
			[]string{`class="callout callout-note callout-right"`, `<details class="callout callout-note callout-left" open>`}, nil},
		{"unknown words and their case: dropped, known ones read in any case", itsCallouts,
			"> [!note|TXT-C nmg Right] T\n> x\n",
			[]string{`class="callout callout-note callout-right"`}, []string{"txt", "nmg"}},
		// Vaults write a callout with metadata and no type for a theme's or
		// snippet's look alone ("> [!|bg-c-blue]- Tabellen", "> [!|dokaz]+
		// Dokaz:", Sylencia/tyranny-of-dragons' "> [!|profile-img]
		// ![[Amaryllis.png]]"): Obsidian draws them as callouts of the
		// default kind, titled by what follows the marker, else untitled.
		{"no type, metadata only: a callout of the default kind", itsCallouts,
			"> [!|bg-c-blue]- Tabellen\n> x\n\n> [!|right wsmall] ![pic](a.png)\n> y\n\n> [!|plain]\n> z\n",
			[]string{`<details class="callout callout-note"><summary class="callout-title">Tabellen</summary>`,
				`<div class="callout callout-note callout-right callout-w" style="--callout-w:200px" role="note">` + "\n" + `<p class="callout-title"><img src="a.png" alt="pic"></p>`,
				`<div class="callout callout-note" role="note">` + "\n" + `<p>z</p>`},
			[]string{"[!", "bg-c-blue", "plain", "<blockquote"}},
		{"\"[!]\": neither a type nor metadata, a block quote", itsCallouts,
			"> [!] q\n",
			[]string{"<blockquote>\n<p>[!] q</p>"}, []string{"callout"}},
		{"an empty metadata", itsCallouts,
			"> [!warning|] T\n> x\n",
			[]string{`<div class="callout callout-warning" role="note">` + "\n" + `<p class="callout-title">T</p>`}, nil},
	}
	md := goldmark.New(goldmark.WithExtensions(callout.Extension{Obsidian: true}))
	for _, tt := range tests {
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.src), &b); err != nil {
			t.Fatal(err)
		}
		got := b.String()
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s (%s):\nrendered %s\nwant %s", tt.rule, tt.url, got, w)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(got, n) {
				t.Errorf("%s (%s):\nrendered %s\nwith %q", tt.rule, tt.url, got, n)
			}
		}
	}
}

// TestReadColor reads the colours the Admonition plugin's color: takes
// and refuses what could be more than a colour in a style attribute.
func TestReadColor(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"200, 200, 200", "200, 200, 200", true},
		{" 0,1 ,255 ", "0, 1, 255", true},
		{"rgb(1, 2, 3)", "1, 2, 3", true},
		{"#ff8000", "255, 128, 0", true},
		{"#fff", "", false},
		{"256, 0, 0", "", false},
		{"1, 2", "", false},
		{"red", "", false},
		{"1, 2, 3; background: url(x)", "", false},
		{"hsl(0, 100%, 50%)", "", false},
	}
	for _, tt := range tests {
		got, ok := callout.ReadColor(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ReadColor(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
