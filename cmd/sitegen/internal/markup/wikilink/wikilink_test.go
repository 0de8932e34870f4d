package wikilink

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in                  string
		target, frag, label string
		embed               bool
		w, h, length        int
		display             string
	}{
		{in: "[[Note]] rest", target: "Note", length: 8, display: "Note"},
		{in: "[[Note|text]]", target: "Note", label: "text", length: 13, display: "text"},
		{in: "[[Note#Some Heading]]", target: "Note", frag: "Some Heading", length: 21, display: "Note > Some Heading"},
		{in: "[[Note#^block-1]]", target: "Note", frag: "^block-1", length: 17, display: "Note > ^block-1"},
		{in: "[[#Heading]]", frag: "Heading", length: 12, display: "Heading"},
		{in: "[[Races/Human.md]]", target: "Races/Human.md", length: 18, display: "Human"},
		{in: `[[Note\|text]]`, target: "Note", label: "text", length: 14, display: "text"},
		{in: "![[map.png]]", target: "map.png", embed: true, length: 12, display: "map.png"},
		{in: "![[map.png|300]]", target: "map.png", label: "300", embed: true, w: 300, length: 16, display: "map.png"},
		{in: "![[map.png|300x200]]", target: "map.png", label: "300x200", embed: true, w: 300, h: 200, length: 20, display: "map.png"},
		// "![[image.extension|alt-text|666]]": alt text, then the width
		// (Obsidian's reading view; stoupa101/dnd-vault writes
		// ![[Traveling Party.jpg|right|300]] for the ITS theme's
		// "right"). A broken one shows its file's name, not the options.
		{in: "![[Party.jpg|right|300]]", target: "Party.jpg", label: "right|300", embed: true, w: 300, length: 24, display: "Party.jpg"},
		{in: "![[Party.jpg|a|b|30x20]]", target: "Party.jpg", label: "a|b|30x20", embed: true, w: 30, h: 20, length: 24, display: "Party.jpg"},
		{in: "![[Party.jpg|right|wide]]", target: "Party.jpg", label: "right|wide", embed: true, length: 25, display: "right|wide"},
		{in: "[[Note|a|300]]", target: "Note", label: "a|300", length: 14, display: "a|300"},
		{in: "![[Note#Part]]", target: "Note", frag: "Part", embed: true, length: 14, display: "Note > Part"},
		// "You can add multiple hash symbols for each subheading. For
		// example, [[Help and support#Questions and advice#Report bugs and
		// request features]] will create a link to Help and support >
		// Questions and advice > Report bugs and request features"
		// (help.obsidian.md, Internal links).
		{in: "[[Lore#Factions#Keepers]]", target: "Lore", frag: "Factions#Keepers", length: 25, display: "Lore > Factions > Keepers"},
		{in: "[[#Factions#Keepers]]", frag: "Factions#Keepers", length: 21, display: "Factions > Keepers"},
		{in: "[[]]"}, {in: "[[ ]]"}, {in: "[[a"}, {in: "[[a]b]]"}, {in: "[x]"}, {in: "[[a\n]]"}, {in: "[[|x]]"},
	}
	for _, tt := range tests {
		n, length := Parse([]byte(tt.in))
		if tt.length == 0 {
			if n != nil {
				t.Errorf("Parse(%q) = %+v, want none", tt.in, n)
			}
			continue
		}
		if n == nil {
			t.Errorf("Parse(%q) = nil", tt.in)
			continue
		}
		if n.Target != tt.target || n.Fragment != tt.frag || n.Label != tt.label || n.Embed != tt.embed || n.Width != tt.w || n.Height != tt.h || length != tt.length || n.Display() != tt.display {
			t.Errorf("Parse(%q) = %+v (%d, %q)", tt.in, *n, length, n.Display())
		}
	}
}

// TestRender: an unresolved wikilink shows its text; resolved ones are a
// link or an image.
func TestRender(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(Extension))
	var b bytes.Buffer
	if err := md.Convert([]byte("See [[Note|the note]] and ![[x.png]]."), &b); err != nil {
		t.Fatal(err)
	}
	if want := `<p>See <span class="wikilink-missing">the note</span> and <span class="wikilink-missing">x.png</span>.</p>`; strings.TrimSpace(b.String()) != want {
		t.Errorf("got %s\nwant %s", b.String(), want)
	}
}

// TestRenderSizedAlt: a resolved embed with alt text and a size is an
// img with that alt and width, as Obsidian's reading view draws it.
func TestRenderSizedAlt(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"![[Party.jpg|right|300]]", `<img src="/a/Party.jpg" alt="right" width="300" loading="lazy">`},
		{"![[Party.jpg|300x20]]", `<img src="/a/Party.jpg" alt="Party.jpg" width="300" height="20" loading="lazy">`},
		{"![[Party.jpg|the party]]", `<img src="/a/Party.jpg" alt="the party" loading="lazy">`},
	} {
		n, _ := Parse([]byte(tt.in))
		n.Destination = "/a/Party.jpg"
		doc := ast.NewDocument()
		p := ast.NewParagraph()
		p.AppendChild(p, n)
		doc.AppendChild(doc, p)
		var b bytes.Buffer
		if err := goldmark.New(goldmark.WithExtensions(Extension)).Renderer().Render(&b, nil, doc); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(b.String()); got != "<p>"+tt.want+"</p>" {
			t.Errorf("%s: got %s\nwant <p>%s</p>", tt.in, got, tt.want)
		}
	}
}
