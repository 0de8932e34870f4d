package tag

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
)

func TestTags(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(Extension))
	tests := []struct {
		in, want string
		all      []string
	}{
		{"A #spell here", `<p>A <span class="tag">#spell</span> here</p>`, []string{"spell"}},
		{"#start and #nested/tag-1", `<p><span class="tag">#start</span> and <span class="tag">#nested/tag-1</span></p>`, []string{"start", "nested/tag-1"}},
		{"Number #1 is not", "<p>Number #1 is not</p>", nil},
		{"a#b is not", "<p>a#b is not</p>", nil},
		{"`#code` is not", "<p><code>#code</code> is not</p>", nil},
		{"[a](#frag) (#x)", `<p><a href="#frag">a</a> (#x)</p>`, nil},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.in), &b); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(b.String()); got != tt.want {
			t.Errorf("%q: got %s, want %s", tt.in, got, tt.want)
		}
		if got := All([]byte(tt.in)); !slices.Equal(got, tt.all) {
			t.Errorf("All(%q) = %q, want %q", tt.in, got, tt.all)
		}
	}
}
