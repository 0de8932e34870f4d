package comment

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
)

func TestComments(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(Extension))
	tests := []struct{ in, want string }{
		{"a %%hidden%% b", "<p>a  b</p>"},
		{"%%\nhidden\n\n# also hidden\n%%\n\nshown", "<p>shown</p>"},
		{"%% one line %%\n\nshown", "<p>shown</p>"},
		{"%%x%% starts a line", "<p> starts a line</p>"},
		{"%%\nnever closed\n\nstill hidden", ""},
		{"100%% sure", "<p>100%% sure</p>"},
		{"text\n%%\nhidden\n%%", "<p>text</p>"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.in), &b); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(b.String()); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}
