package mkdocs

import (
	"bytes"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
)

// defaultTOCMarker is Python-Markdown toc's marker: "marker: Text to find
// and replace with the Table of Contents. Defaults to [TOC]. Set to an
// empty string to disable searching for a marker"
// (https://python-markdown.github.io/extensions/toc/#usage). MkDocs
// always runs toc ("MkDocs includes ... toc", its default
// markdown_extensions).
const defaultTOCMarker = "[TOC]"

// tocMarker returns the marker toc's settings in markdown_extensions
// give (list, the extensions; "toc: {marker: ”}" turns it off).
func tocMarker(list *yaml.Node) string {
	for _, name := range []string{"toc", "markdown.extensions.toc"} {
		opts := extOptions(list, name)
		if opts == nil || opts.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(opts.Content); i += 2 {
			if opts.Content[i].Value == "marker" && opts.Content[i+1].Kind == yaml.ScalarNode {
				return opts.Content[i+1].Value
			}
		}
	}
	return defaultTOCMarker
}

// dropTOCMarker returns an Expander that blanks each paragraph made of
// marker alone, outside fenced code: toc puts the page's table of
// contents there ("Place a marker in the document where you would like
// the Table of Contents to appear"), and sitegen shows the page's table
// of contents beside it ("On this page"), so the marker is not printed.
// Lines keep their numbers. An empty marker returns nil.
func dropTOCMarker(marker string) layout.Expander {
	if marker == "" {
		return nil
	}
	m := []byte(marker)
	return func(_ string, src []byte, _ func(string) ([]byte, error)) layout.Expanded {
		if !bytes.Contains(src, m) {
			return layout.Expanded{Src: src}
		}
		lines := bytes.SplitAfter(src, []byte("\n"))
		blank := func(i int) bool { return i < 0 || i >= len(lines) || len(bytes.TrimSpace(lines[i])) == 0 }
		var fence []byte // the open fence's run of ` or ~, nil outside
		out := make([]byte, 0, len(src))
		for i, line := range lines {
			t := bytes.TrimSpace(line)
			if f := fenceRun(t); f != nil {
				switch {
				case fence == nil:
					fence = f
				case f[0] == fence[0] && len(f) >= len(fence) && len(bytes.Trim(t, string(f[:1]))) == 0:
					fence = nil
				}
			}
			if fence == nil && bytes.Equal(t, m) && blank(i-1) && blank(i+1) {
				out = append(out, line[len(bytes.TrimRight(line, "\r\n")):]...) // its line end alone
				continue
			}
			out = append(out, line...)
		}
		return layout.Expanded{Src: out}
	}
}

// fenceRun is the run of three or more ` or ~ that t starts with, nil
// for none.
func fenceRun(t []byte) []byte {
	if len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return nil
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 {
		return nil
	}
	return t[:n]
}
