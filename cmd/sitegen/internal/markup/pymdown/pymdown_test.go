package pymdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// TestCaretTilde: the examples of pymdownx.caret's and pymdownx.tilde's
// documentation (https://facelessuser.github.io/pymdown-extensions/extensions/caret/,
// .../tilde/): "^^Insert me^^", "X^2^ + 4x - 8", "text^a\ superscript^"
// (Pandoc style: "if your superscript needs to have spaces, you must
// escape the spaces"), "~~Delete me~~", "CH~3~CH~2~OH",
// "text~a\ subscript~"; and what is no such syntax stays text.
func TestCaretTilde(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, Caret(), Tilde()))
	for _, tt := range []struct{ in, want string }{
		{"^^Insert me^^", "<p><ins>Insert me</ins></p>"},
		{"X^2^ + 4x - 8", "<p>X<sup>2</sup> + 4x - 8</p>"},
		{`text^a\ superscript^`, `<p>text<sup>a superscript</sup></p>`},
		{`text~a\ subscript~`, `<p>text<sub>a subscript</sub></p>`},
		{"~~Delete me~~", "<p><del>Delete me</del></p>"},
		{"CH~3~CH~2~OH", "<p>CH<sub>3</sub>CH<sub>2</sub>OH</p>"},
		{"aeginae^*CM*^ and ^^half^^", "<p>aeginae<sup><em>CM</em></sup> and <ins>half</ins></p>"},
		{"2^10 and 3^4", "<p>2^10 and 3^4</p>"},
		{"a ^ b ^ c", "<p>a ^ b ^ c</p>"},
		{"x^a b^", "<p>x^a b^</p>"},
		{"a ~~~ b", "<p>a ~~~ b</p>"},
	} {
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.in), &b); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(b.String()); got != tt.want {
			t.Errorf("%q: got %s, want %s", tt.in, got, tt.want)
		}
	}
	// superscript: false (and insert: false) leave that form as text.
	md = goldmark.New(goldmark.WithExtensions(Extension{Char: '^', Double: "ins"}))
	var b bytes.Buffer
	_ = md.Convert([]byte("^^in^^ X^2^"), &b)
	if got := strings.TrimSpace(b.String()); got != "<p><ins>in</ins> X^2^</p>" {
		t.Errorf("insert only: %s", got)
	}
}
