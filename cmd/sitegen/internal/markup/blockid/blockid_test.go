package blockid

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	gfm "github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

func TestBlockIDs(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(gfm.Table, Extension), goldmark.WithParserOptions(parser.WithAttribute()))
	tests := []struct{ in, want string }{
		{"A rule. ^r1", `<p id="^r1">A rule.</p>`},
		{"Two\nlines ^r2", "<p id=\"^r2\">Two\nlines</p>"},
		{"- one ^i1\n- two", "<ul>\n<li id=\"^i1\">one</li>\n<li>two</li>\n</ul>"},
		{"> quoted\n\n^q1", "<blockquote id=\"^q1\"><p>quoted</p>\n</blockquote>"},
		{"> quoted\n^q2", "<blockquote id=\"^q2\"><p>quoted</p>\n</blockquote>"},
		{"| a |\n|---|\n| 1 |\n^t1", "<table id=\"^t1\">"},
		{"2^3 and x^y", "<p>2^3 and x^y</p>"},
		{"^alone", "<p>^alone</p>"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.in), &b); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(b.String()); !strings.HasPrefix(got, tt.want) {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}
