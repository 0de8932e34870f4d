package highlight

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
)

func TestHighlight(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(Extension))
	tests := []struct{ in, want string }{
		{"a ==key== b", "<p>a <mark>key</mark> b</p>"},
		{"==two words==", "<p><mark>two words</mark></p>"},
		{"==*em* inside==", "<p><mark><em>em</em> inside</mark></p>"},
		{"a == b", "<p>a == b</p>"},
		{"x === y === z", "<p>x === y === z</p>"},
		{"==open", "<p>==open</p>"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.in), &b); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(b.String()); got != tt.want {
			t.Errorf("%q: got %s, want %s", tt.in, got, tt.want)
		}
	}
}
