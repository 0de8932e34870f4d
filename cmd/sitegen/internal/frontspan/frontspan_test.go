package frontspan

import "testing"

// TestFind: the edge cases of the rule, each tool's options.
func TestFind(t *testing.T) {
	yaml := Options{}
	jekyll := Options{Dots: true}
	zola := Options{TOML: true, Leading: true}
	parser := Options{TOML: true, Runs: true}
	tests := []struct {
		name string
		src  string
		o    Options
		// text is the front matter's text, rest what follows the
		// closing line; ok and closed as Span's.
		text, rest string
		ok, closed bool
	}{
		{"YAML", "---\ntitle: A\n---\nBody\n", yaml, "title: A\n", "Body\n", true, true},
		{"no front matter", "# Title\n---\n", yaml, "", "", false, false},
		{"empty", "---\n---\nBody\n", yaml, "", "Body\n", true, true},
		{"CRLF", "---\r\ntitle: A\r\n---\r\nBody\r\n", yaml, "title: A\r\n", "Body\r\n", true, true},
		{"byte order mark", "\ufeff---\ntitle: A\n---\nBody\n", yaml, "title: A\n", "Body\n", true, true},
		{"spaces after the delimiters", "--- \ntitle: A\n---\t \nBody\n", yaml, "title: A\n", "Body\n", true, true},
		{"closed at the end of the file", "---\ntitle: A\n---", yaml, "title: A\n", "", true, true},
		{"no closing line", "---\ntitle: A\nBody\n", yaml, "title: A\nBody\n", "", true, false},
		{"first line only", "---", yaml, "", "", true, false},
		// Jekyll: "^(---|\.\.\.)\s*$" closes it.
		{"closed by ... in Jekyll", "---\ntitle: A\n...\nBody\n", jekyll, "title: A\n", "Body\n", true, true},
		{"... closes nothing elsewhere", "---\ntitle: A\n...\nBody\n", yaml, "title: A\n...\nBody\n", "", true, false},
		{"... opens nothing", "...\ntitle: A\n...\n", jekyll, "", "", false, false},
		{"four dashes open nothing in Jekyll", "----\ntitle: A\n---\n", jekyll, "", "", false, false},
		{"four dashes, the parser's runs", "----\ntitle: A\n---\n----\nBody\n", parser, "title: A\n---\n", "Body\n", true, true},
		{"two dashes", "--\ntitle: A\n--\n", parser, "", "", false, false},
		{"TOML", "+++\ntitle = 'A'\n+++\nBody\n", zola, "title = 'A'\n", "Body\n", true, true},
		{"TOML not read", "+++\ntitle = 'A'\n+++\n", yaml, "", "", false, false},
		{"TOML not closed by ---", "+++\ntitle = 'A'\n---\n", parser, "title = 'A'\n---\n", "", true, false},
		{"Zola: blank lines before", "\n  \n+++\ntitle = 'A'\n+++\nBody\n", zola, "title = 'A'\n", "Body\n", true, true},
		{"blank line before, elsewhere", "\n---\ntitle: A\n---\n", yaml, "", "", false, false},
		{"a closing line with text after it", "---\ntitle: A\n--- x\n---\nB\n", yaml, "title: A\n--- x\n", "B\n", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sp := Find([]byte(tt.src), tt.o)
			if sp.OK != tt.ok || sp.Closed != tt.closed {
				t.Fatalf("Find(%q) = %+v, want ok %v, closed %v", tt.src, sp, tt.ok, tt.closed)
			}
			if !sp.OK {
				return
			}
			if text := tt.src[sp.Start:sp.End]; text != tt.text {
				t.Errorf("text %q, want %q", text, tt.text)
			}
			if rest := tt.src[sp.Next:]; rest != tt.rest {
				t.Errorf("rest %q, want %q", rest, tt.rest)
			}
		})
	}
}
